package dev.fastro.docs.securitytesting;

import dev.fastro.http.Handler;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class AdminRoutes {

	@Bean
	Routes admin() {
		return Routes.builder()
			.get("/admin/stats", (ctx) -> "stats for " + ctx.principal().getName())
			.get("/admin/report", Handler.blocking((ctx) -> "report for " + ctx.principal().getName()))
			.build();
	}

}
