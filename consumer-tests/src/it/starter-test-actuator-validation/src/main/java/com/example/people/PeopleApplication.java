package com.example.people;

import dev.fastro.http.Response;
import dev.fastro.http.Routes;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class PeopleApplication {

	public static void main(String[] args) {
		SpringApplication.run(PeopleApplication.class, args);
	}

	@Bean
	Routes routes() {
		return Routes.builder()
			.get("/hello", (ctx) -> "Hello")
			.post("/people", (ctx) -> Response.status(201).body(ctx.body(Person.class)))
			.build();
	}

}
