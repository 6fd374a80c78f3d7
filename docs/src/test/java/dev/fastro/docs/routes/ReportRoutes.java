package dev.fastro.docs.routes;

// tag::blocking[]
import java.util.Map;

import dev.fastro.http.Handler;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class ReportRoutes {

	/** Your blocking service, such as a JDBC repository; declare it as a bean. */
	public interface Reports {

		Map<String, Object> forYear(int year);

		byte[] export();

	}

	@Bean
	Routes reportApi(Reports reports) {
		return Routes.builder()
			.group("/reports", (group) -> group
				// every route of the group runs off the event loop
				.blocking()
				.get("/{year:[0-9]{4}}", (ctx) -> reports.forYear(ctx.paramInt("year"))))
			// one blocking route
			.get("/export", Handler.blocking((ctx) -> reports.export()))
			// on the event loop: never block here
			.get("/ping", (ctx) -> "pong")
			.build();
	}

}
// end::blocking[]
