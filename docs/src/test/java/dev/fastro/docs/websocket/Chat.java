package dev.fastro.docs.websocket;

// tag::chat[]
import java.time.Duration;

import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.http.WebSocketMessage;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.core.publisher.Sinks;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class Chat {

	// sessions post from several event loops at once: one retries while another emits
	private static final Sinks.EmitFailureHandler RETRY_WHEN_RACING = Sinks.EmitFailureHandler
		.busyLooping(Duration.ofMillis(100));

	// every message posted, to every session open
	private final Sinks.Many<String> posts = Sinks.many().multicast().directBestEffort();

	@Bean
	Routes chatRoutes() {
		Middleware signedIn = (ctx, next) -> (ctx.query("user") == null) ? Response.status(401).body("Sign in first")
				: next.handle(ctx);
		return Routes.builder()
			.group("/chat", (chat) -> chat.use(signedIn)
				// ws://host/chat/rooms/kitchen?user=ada
				.websocket("/rooms/{room}", (session) -> {
					String prefix = session.request().param("room") + "/" + session.request().query("user") + ": ";
					// what this client sends goes to everyone ...
					var posting = session.receive()
						.doOnNext((message) -> this.posts.emitNext(prefix + message.text(), RETRY_WHEN_RACING))
						.then();
					// ... and what everyone sends comes to this client, which may fall 64
					// messages behind, then misses the oldest, while the others go on
					var reading = session.send(this.posts.asFlux()
						.onBackpressureBuffer(64, BufferOverflowStrategy.DROP_OLDEST)
						.map(WebSocketMessage::text));
					return posting.and(reading);
				}))
			.build();
	}

}
// end::chat[]
