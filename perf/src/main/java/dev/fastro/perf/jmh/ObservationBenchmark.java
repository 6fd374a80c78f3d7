package dev.fastro.perf.jmh;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.fastro.http.Routes;
import dev.fastro.http.spi.RequestPipeline;
import dev.fastro.observation.DefaultFastroServerObservationConvention;
import dev.fastro.observation.FastroServerObservationContext;
import dev.fastro.perf.fastro.FastroPerfApp;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;

/**
 * What observing a request costs: {@code GET /user/123} dispatched to its route and
 * answered through an application's {@link RequestPipeline}, plain and as an
 * {@code http.server.requests} observation timed into a Prometheus registry the way
 * {@code perf/run}'s {@code fastro-metrics} server times it: the application has an
 * {@link ObservationRegistry}, so Fastro's auto-configuration observes its requests. The
 * difference between the two is the observation's own cost, without the socket, the HTTP
 * codec and the machine's noise that an HTTP run adds to it; {@code -prof gc} shows what
 * it allocates. A third way, an observation whose only handler records nothing, splits
 * that cost into what every observation costs before any meter (Micrometer's observation,
 * context and scope, Fastro's convention) and what the meters add. Run by hand (see
 * perf/README.md); never by {@code mvn verify}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ObservationBenchmark {

	private final Completion completion = new Completion();

	private final PrometheusMeterRegistry meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

	private final StopCounter stops = new StopCounter();

	private ApplicationPipeline plainApplication;

	private ApplicationPipeline observedApplication;

	private ApplicationPipeline unmeteredApplication;

	private RequestPipeline plain;

	private RequestPipeline observed;

	private RequestPipeline unmetered;

	/**
	 * Starts the three applications, and checks that an observed request is timed under
	 * its route's pattern and an unmetered one stopped, so a broken observation can never
	 * produce a fast number.
	 */
	@Setup
	public void setUp() {
		List<Routes> routes = List.of(Routes.builder().get("/user/{id}", (ctx) -> "User " + ctx.param("id")).build());
		this.plainApplication = new ApplicationPipeline(routes, null, Map.of());
		this.observedApplication = new ApplicationPipeline(routes, FastroPerfApp.observationRegistry(this.meters),
				Map.of());
		ObservationRegistry unmetered = ObservationRegistry.create();
		unmetered.observationConfig().observationHandler(this.stops);
		this.unmeteredApplication = new ApplicationPipeline(routes, unmetered, Map.of());
		this.plain = this.plainApplication.pipeline();
		this.observed = this.observedApplication.pipeline();
		this.unmetered = this.unmeteredApplication.pipeline();
		observed();
		if (timedRequests() != 1) {
			throw new IllegalStateException("The request was not timed: " + this.meters.scrape());
		}
		observedWithoutMeters();
		if (stoppedObservations() != 1) {
			throw new IllegalStateException("The unmetered observation was not stopped");
		}
	}

	/** Stops the applications. */
	@TearDown
	public void tearDown() {
		this.plainApplication.close();
		this.observedApplication.close();
		this.unmeteredApplication.close();
	}

	/**
	 * How many unmetered observations have stopped.
	 * @return the count
	 */
	long stoppedObservations() {
		return this.stops.stopped;
	}

	/**
	 * How many requests have been timed as {@code GET /user/{id}} answered with a 200.
	 * @return the count
	 */
	long timedRequests() {
		Timer timer = this.meters.find(DefaultFastroServerObservationConvention.NAME)
			.tags("method", "GET", "uri", "/user/{id}", "status", "200", "outcome", "SUCCESS")
			.timer();
		return (timer != null) ? timer.count() : 0;
	}

	/**
	 * Answers a request without observing it.
	 * @return the subscriber that saw the answer complete
	 */
	@Benchmark
	public Object plain() {
		return answer(this.plain);
	}

	/**
	 * Answers a request as an observation.
	 * @return the subscriber that saw the answer complete
	 */
	@Benchmark
	public Object observed() {
		return answer(this.observed);
	}

	/**
	 * Answers a request as an observation whose only handler records nothing.
	 * @return the subscriber that saw the answer complete
	 */
	@Benchmark
	public Object observedWithoutMeters() {
		return answer(this.unmetered);
	}

	private Object answer(RequestPipeline pipeline) {
		this.completion.completed = false;
		pipeline
			.dispatch(DiscardingTransport.INSTANCE, null, "GET", "/user/123", EmptyHttpHeaders.INSTANCE,
					new DefaultHttpHeaders(), null)
			.subscribe(this.completion);
		if (!this.completion.completed) {
			throw new IllegalStateException("The answer did not complete at once");
		}
		return this.completion;
	}

	/** Supports Fastro's observations and only counts those that stop. */
	private static final class StopCounter implements ObservationHandler<FastroServerObservationContext> {

		private long stopped;

		@Override
		public boolean supportsContext(Observation.Context context) {
			return context instanceof FastroServerObservationContext;
		}

		@Override
		public void onStop(FastroServerObservationContext context) {
			this.stopped++;
		}

	}

	/** Sees an answer complete; the transport completes every answer at once. */
	private static final class Completion implements CoreSubscriber<Void> {

		private boolean completed;

		@Override
		public void onSubscribe(Subscription subscription) {
			subscription.request(Long.MAX_VALUE);
		}

		@Override
		public void onNext(Void value) {
		}

		@Override
		public void onError(Throwable error) {
			throw new IllegalStateException(error);
		}

		@Override
		public void onComplete() {
			this.completed = true;
		}

	}

}
