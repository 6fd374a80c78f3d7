package dev.fastro.docs.observability;

import dev.fastro.http.Routes;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** The application the samples of "Metrics, tracing and Actuator" observe. */
@SpringBootApplication
public class ObservedApp {

	@Bean
	Routes orders() {
		return Routes.builder().get("/orders/{id}", (ctx) -> "order " + ctx.param("id")).build();
	}

}
