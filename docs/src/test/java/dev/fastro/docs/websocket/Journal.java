package dev.fastro.docs.websocket;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

// tag::listener[]
import dev.fastro.http.Routes;
import dev.fastro.http.WebSocketMessage;
import reactor.core.publisher.Mono;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class Journal {

	@Bean
	Routes journalRoutes() {
		return Routes.builder()
			// on the blocking scheduler, one message at a time per session
			.websocket("/journal", (session, message) -> {
				save(message.text()); // blocks, as a JDBC insert would
				session.send(Mono.just(WebSocketMessage.text("saved " + message.text()))).block();
			})
			.build();
	}
	// end::listener[]

	final List<String> entries = new CopyOnWriteArrayList<>();

	/** Stands for a blocking call, such as a JDBC insert. */
	void save(String entry) {
		this.entries.add(entry);
	}

	// tag::listener[]

}
// end::listener[]
