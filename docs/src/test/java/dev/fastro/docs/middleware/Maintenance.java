package dev.fastro.docs.middleware;

// tag::alone[]
import dev.fastro.http.Middleware;
import dev.fastro.http.Response;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

@Configuration(proxyBeanMethods = false)
public class Maintenance {

	/**
	 * Whether the application is down for maintenance: a flag, a feature toggle, a file.
	 */
	public interface MaintenanceWindow {

		boolean isOpen();

	}

	@Bean
	@Order(-10)
	Middleware maintenanceMode(MaintenanceWindow window) {
		return (ctx, next) -> {
			if (window.isOpen() && !ctx.path().startsWith("/status")) {
				return Response.status(503).header("retry-after", "600").body("Down for maintenance");
			}
			return next.handle(ctx);
		};
	}

}
// end::alone[]
