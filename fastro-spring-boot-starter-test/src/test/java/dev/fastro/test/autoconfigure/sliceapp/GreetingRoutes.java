package dev.fastro.test.autoconfigure.sliceapp;

import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class GreetingRoutes {

	@Bean
	Routes greetings(Greeter greeter) {
		return Routes.builder()
			.get("/greet/{name}", ctx -> greeter.greet(ctx.param("name")))
			.post("/greet", ctx -> greeter.greet(ctx.body(Person.class).name()))
			.get("/fail", ctx -> {
				throw new UnsupportedOperationException("not yet");
			})
			.build();
	}

}
