package com.example.hello;

import dev.fastro.http.Routes;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class HelloApplication {

	public static void main(String[] args) {
		SpringApplication.run(HelloApplication.class, args);
	}

	@Bean
	Routes routes() {
		return Routes.builder()
			.get("/hello", (ctx) -> "Hello")
			.get("/greetings/{name}", (ctx) -> new Greeting("Hello " + ctx.param("name")))
			.build();
	}

	record Greeting(String text) {
	}

}
