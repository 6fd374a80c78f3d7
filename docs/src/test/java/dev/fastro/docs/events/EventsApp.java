package dev.fastro.docs.events;

import dev.fastro.docs.events.Notifications.Inbox;
import dev.fastro.docs.events.Notifications.Notification;
import reactor.core.publisher.Flux;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The application of the sample of "Server-sent events", for its tests: the routes of
 * {@link Notifications}, and an inbox of three notifications that waits for a fourth.
 */
@SpringBootApplication
class EventsApp {

	@Bean
	Inbox inbox() {
		Flux<Notification> all = Flux.just(new Notification("1", "Welcome"),
				new Notification("2", "Your order shipped"), new Notification("3", "Your order arrived"));
		return (id) -> all.filter((notification) -> id == null || notification.id().compareTo(id) > 0)
			.concatWith(Flux.never());
	}

}
