package dev.fastro.test.security.securedapp;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.JwtDecoder;

/** The application's decoder: the tests run requests as users rather than send tokens. */
@Configuration(proxyBeanMethods = false)
public class TokenConfiguration {

	@Bean
	JwtDecoder jwtDecoder() {
		return (token) -> {
			throw new BadJwtException("No token is valid in this test");
		};
	}

}
