package dev.fastro.test.autoconfigure.sliceapp;

import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class OtherRoutes {

	@Bean
	Routes other() {
		return Routes.builder().get("/other", ctx -> "other").build();
	}

}
