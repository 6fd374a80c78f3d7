package dev.fastro.docs.events;

// tag::feed[]
import java.time.Duration;

import dev.fastro.http.Routes;
import reactor.core.publisher.Flux;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerSentEvent;

@Configuration(proxyBeanMethods = false)
public class Notifications {

	public record Notification(String id, String text) {
	}

	/** Your notifications, such as a Sinks.Many fed by a message broker. */
	public interface Inbox {

		/** Those after the one with this id (all when null), then each new one. */
		Flux<Notification> after(String id);

	}

	@Bean
	Routes notificationFeed(Inbox inbox) {
		return Routes.builder()
			// text/event-stream, since its items are ServerSentEvents
			.get("/notifications", (ctx) -> inbox
				// what a reconnecting EventSource got last; null at first
				.after(ctx.header("Last-Event-ID"))
				.map((notification) -> ServerSentEvent.builder(notification)
					.id(notification.id())
					.event("notification")
					.build()))
			// each item the data of an event, for a client that asks for
			// text/event-stream (a JSON array for one that does not)
			.get("/clock",
					(ctx) -> Flux.interval(Duration.ZERO, Duration.ofSeconds(1))
						.onBackpressureLatest()
						.map((tick) -> "tick " + tick))
			.build();
	}

}
// end::feed[]
