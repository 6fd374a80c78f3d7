package dev.fastro.docs.observability;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import dev.fastro.http.Middleware;
import dev.fastro.http.Response;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A global middleware that asks for a token on every Actuator endpoint but health. */
@Configuration(proxyBeanMethods = false)
class ActuatorSecurity {

	// tag::guard[]
	@Bean
	Middleware actuatorGuard(@Value("${ops.token}") String token) {
		byte[] expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
		return (ctx, next) -> {
			String path = ctx.path();
			if (!path.startsWith("/actuator") || path.startsWith("/actuator/health")) {
				return next.handle(ctx);
			}
			String given = ctx.header("authorization");
			if (given != null && MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8))) {
				return next.handle(ctx);
			}
			return Response.status(401).header("www-authenticate", "Bearer");
		};
	}
	// end::guard[]

}
