package dev.fastro.docs.middleware;

// tag::timing[]
import dev.fastro.http.Completion;
import dev.fastro.http.Context;
import dev.fastro.http.Middleware;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

@Configuration(proxyBeanMethods = false)
public class Timing {

	private static final Log logger = LogFactory.getLog(Timing.class);

	@Bean
	@Order(0)
	Middleware requestTiming() {
		return (ctx, next) -> {
			long start = System.nanoTime();
			try {
				Object result = next.handle(ctx);
				// at once for a value; once a Mono, a Flux or a future completes
				return Completion.whenComplete(result, (value, error) -> log(ctx, start, error));
			}
			catch (Exception ex) {
				// thrown at once: there is no result to wait for
				log(ctx, start, ex);
				throw ex;
			}
		};
	}

	private static void log(Context ctx, long start, Throwable error) {
		String outcome = (error != null) ? "failed" : "answered";
		long micros = (System.nanoTime() - start) / 1_000;
		logger.info(ctx.method() + " " + ctx.path() + " " + outcome + " in " + micros + " µs");
	}

}
// end::timing[]
