package dev.fastro.docs.middleware;

import java.util.UUID;

import dev.fastro.http.AttributeKey;
import dev.fastro.http.ErrorHook;
import dev.fastro.http.HttpException;
import dev.fastro.http.RequestHook;
import dev.fastro.http.ResponseHook;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The hooks of the Middleware page: a request id, from the request to its answer and its
 * errors.
 */
@Configuration(proxyBeanMethods = false)
public class RequestIds {

	/** Where errors are reported, such as an error tracker's client. */
	public interface ErrorReporter {

		void report(String requestId, String route, Throwable error);

	}

	static final AttributeKey<String> REQUEST_ID = AttributeKey.of("request id", String.class);

	// tag::request-hook[]
	@Bean
	RequestHook requestId() {
		return (ctx) -> {
			// the one a proxy in front set, if any
			String id = ctx.header("x-request-id");
			if (id != null && !id.matches("[A-Za-z0-9-]{1,64}")) {
				throw new HttpException(400, "Malformed x-request-id");
			}
			ctx.set(REQUEST_ID, (id != null) ? id : UUID.randomUUID().toString());
		};
	}
	// end::request-hook[]

	// tag::response-hook[]
	@Bean
	ResponseHook echoRequestId() {
		return (ctx) -> {
			// null, so no header, when the request hook refused the request
			ctx.header("x-request-id", ctx.get(REQUEST_ID));
			if (ctx.status() >= 500) {
				ctx.header("cache-control", "no-store");
			}
		};
	}
	// end::response-hook[]

	// tag::error-hook[]
	@Bean
	ErrorHook reportServerErrors(ErrorReporter reporter) {
		return (ctx, error) -> {
			// a bug or an outage, not a 404 or a 400
			if (!(error instanceof HttpException http) || http.status() >= 500) {
				reporter.report(ctx.get(REQUEST_ID), ctx.routePattern(), error);
			}
		};
	}
	// end::error-hook[]

}
