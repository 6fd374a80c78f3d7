package dev.fastro.test.security.securedapp;

import dev.fastro.http.Handler;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.context.SecurityContextHolder;

@Configuration(proxyBeanMethods = false)
public class AdminRoutes {

	@Bean
	Routes admin() {
		return Routes.builder()
			.get("/admin/stats", ctx -> "stats for " + ctx.principal().getName())
			// Where method security looks, on the blocking thread that answers.
			.get("/admin/report",
					Handler.blocking(
							ctx -> "report for " + SecurityContextHolder.getContext().getAuthentication().getName()))
			.get("/me", ctx -> ctx.principal().getName())
			.build();
	}

}
