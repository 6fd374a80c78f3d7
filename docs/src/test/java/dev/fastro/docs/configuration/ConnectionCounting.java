package dev.fastro.docs.configuration;

import dev.fastro.autoconfigure.FastroServerCustomizer;
import dev.fastro.http.Routes;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class ConnectionCounting {

	// tag::customizer[]
	@Bean
	FastroServerCustomizer connectionCounter(MeterRegistry meters) {
		Counter opened = meters.counter("app.connections.opened");
		return (server) -> server.doOnChannelInit((observer, channel, address) -> opened.increment());
	}
	// end::customizer[]

	@Bean
	Routes hello() {
		return Routes.builder().get("/", (ctx) -> "Hello").build();
	}

}
