package dev.fastro.docs.handlers;

// tag::streams[]
import java.time.Duration;
import java.util.Map;

import dev.fastro.http.Routes;
import reactor.core.publisher.Flux;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class OrderStreams {

	public record Order(long id, String status) {
	}

	/** A reactive repository: its Flux reads no faster than it is asked. */
	public interface Orders {

		Flux<Order> all();

	}

	@Bean
	Routes orderFeeds(Orders orders) {
		return Routes.builder()
			// a JSON array, or one item per line for application/x-ndjson
			.get("/orders", (ctx) -> orders.all())
			// endless, and it does not wait to be asked:
			// a slow client gets the latest tick, not all of them
			.get("/ticks",
					(ctx) -> Flux.interval(Duration.ZERO, Duration.ofSeconds(1))
						.onBackpressureLatest()
						.map((tick) -> Map.of("tick", tick)))
			.build();
	}

}
// end::streams[]
