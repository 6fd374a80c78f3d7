package dev.fastro.observation;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.List;

import dev.fastro.http.Context;
import io.micrometer.common.KeyValues;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The convention keeps the sets of low-cardinality key values requests repeat, found by
 * the identities of their key values in a small table. Whatever the requests, and however
 * many distinct sets they make (more than the table holds, so that sets evict each
 * other), each request must get the set of its own five key values, and a request
 * repeating the one before it the very same set.
 */
class DefaultFastroServerObservationConventionTest {

	/** What the convention reads of one request. */
	record Request(String method, String pattern, int status, Throwable error) {

		FastroServerObservationContext context() {
			Context request = (Context) Proxy.newProxyInstance(Context.class.getClassLoader(),
					new Class<?>[] { Context.class }, (proxy, method, args) -> switch (method.getName()) {
						case "method" -> this.method;
						case "routePattern" -> this.pattern;
						case "status" -> this.status;
						case "path" -> "/some/path";
						default -> throw new UnsupportedOperationException(method.getName());
					});
			FastroServerObservationContext context = new FastroServerObservationContext(request);
			context.setError(this.error);
			return context;
		}

	}

	@Property(tries = 200)
	void givesEachRequestTheSetOfItsOwnKeyValues(@ForAll("requests") List<Request> requests) {
		DefaultFastroServerObservationConvention convention = new DefaultFastroServerObservationConvention();
		for (Request request : requests) {
			FastroServerObservationContext context = request.context();
			KeyValues keyValues = convention.getLowCardinalityKeyValues(context);
			assertThat(keyValues).as("%s", request)
				.containsExactlyElementsOf(KeyValues.of(convention.exception(context), convention.method(context),
						convention.outcome(context), convention.status(context), convention.uri(context)));
			if (request.error() == null) {
				assertThat(convention.getLowCardinalityKeyValues(request.context())).as("%s again", request)
					.isSameAs(keyValues);
			}
		}
	}

	@Provide
	Arbitrary<List<Request>> requests() {
		Arbitrary<String> methods = Arbitraries.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE",
				"BREW");
		Arbitrary<String> patterns = Arbitraries.integers()
			.between(0, 60)
			.map((route) -> (route == 0) ? null : "/route" + route + "/{id}");
		Arbitrary<Integer> statuses = Arbitraries.oneOf(Arbitraries.of(200, 201, 204, 301, 404, 500),
				Arbitraries.integers().between(100, 599));
		Arbitrary<Throwable> errors = Arbitraries
			.<Throwable>of(new IllegalStateException(), new IllegalArgumentException())
			.injectNull(0.8);
		return Combinators.combine(methods, patterns, statuses, errors).as(Request::new).list().ofMaxSize(600);
	}

}
