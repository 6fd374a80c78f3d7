package dev.fastro.docs.middleware;

// tag::cors-global[]
import dev.fastro.cors.Cors;
import dev.fastro.http.Middleware;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.cors.CorsConfiguration;

@Configuration(proxyBeanMethods = false)
public class GlobalCors {

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE) // outermost, before security
	Middleware cors() {
		CorsConfiguration cors = new CorsConfiguration();
		cors.addAllowedOriginPattern("https://*.example.com");
		cors.addAllowedMethod("*");
		cors.addAllowedHeader("*");
		return Cors.of(cors);
	}

}
// end::cors-global[]
