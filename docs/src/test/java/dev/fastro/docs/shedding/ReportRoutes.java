package dev.fastro.docs.shedding;

// tag::routes[]
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class ReportRoutes {

	@Bean
	Routes reportApi() {
		return Routes.builder()
			.group("/reports", (reports) -> reports
				// each report route: at most 4 at once, beside the server's limit
				.defaults((options) -> options.maxInFlight(4).blocking(true))
				.get("/daily", (ctx) -> "daily report")
				.get("/yearly", (ctx) -> "yearly report"))
			// a check of our own that a load balancer calls: answered however busy we are
			.get("/ping", (ctx) -> "pong")
			.with((options) -> options.neverShed(true))
			.build();
	}

}
// end::routes[]
