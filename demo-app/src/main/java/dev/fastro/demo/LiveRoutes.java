package dev.fastro.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import dev.fastro.http.Context;
import dev.fastro.http.HttpException;
import dev.fastro.http.Routes;
import dev.fastro.http.Upload;
import dev.fastro.http.WebSocketMessage;
import dev.fastro.http.WebSocketSession;
import org.reactivestreams.Publisher;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerSentEvent;

/**
 * The routes of the live page, {@code static/live.html}: a chat over a WebSocket, a feed
 * of server-sent events with the server's clock and each upload, and an upload form whose
 * files Fastro streams to disk. Only Fastro's own HTTP/1.1 exchange switches to
 * WebSocket: with Reactor Netty's, which the hardening tests also run on, they are off.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "fastro.server.http1-exchange", havingValue = "fastro", matchIfMissing = true)
class LiveRoutes {

	/** Messages a client may be behind by before it misses the oldest. */
	private static final int CLIENT_BACKLOG = 64;

	// Sessions and uploads emit from several event loops at once: one retries while
	// another emits.
	private static final Sinks.EmitFailureHandler RETRY_WHEN_RACING = Sinks.EmitFailureHandler
		.busyLooping(Duration.ofMillis(100));

	// Every chat message, to every chat session open, and nothing to those that join
	// later.
	private final Sinks.Many<String> messages = Sinks.many().multicast().directBestEffort();

	// Every upload received, to every event feed open.
	private final Sinks.Many<Received> uploads = Sinks.many().multicast().directBestEffort();

	/** What the upload form is answered, and the event feed tells everyone. */
	record Received(String name, long size, String contentType) {
	}

	/** The form {@code /live/uploads} reads: a file in the field {@code file}. */
	record UploadForm(Upload file) {
	}

	@Bean
	Routes live() {
		return Routes.builder()
			.group("/live",
					live -> live.tag("live")
						.websocket("/chat", this::chat)
						.describe(doc -> doc.summary("Chat with everyone connected, over WebSocket")
							.description("Answers a WebSocket handshake `101`; each text message sent goes to "
									+ "every session open.")
							.returns(101))
						.get("/events", ctx -> events())
						.describe(doc -> doc.summary("The clock every second, and each upload as received")
							.returns(200, String.class, "text/event-stream"))
						.post("/uploads", this::upload)
						.describe(doc -> doc.summary("Receives a file, and tells the event feed")
							.accepts(UploadForm.class, "multipart/form-data")
							.returns(200, Received.class)
							.returns(400)))
			.build();
	}

	/** What a client sends goes to everyone, and what everyone sends comes to it. */
	private Publisher<Void> chat(WebSocketSession session) {
		Mono<Void> posting = session.receive()
			.doOnNext(message -> this.messages.emitNext(message.text(), RETRY_WHEN_RACING))
			.then();
		// A client that reads slowly must not hold the others back, nor have the server
		// hold every message for it: it gets a small backlog of its own, and past that
		// misses the oldest messages while the others get them all.
		Flux<WebSocketMessage> everyone = this.messages.asFlux()
			.onBackpressureBuffer(CLIENT_BACKLOG, BufferOverflowStrategy.DROP_OLDEST)
			.map(WebSocketMessage::text);
		return posting.and(session.send(everyone));
	}

	/** The server's clock every second, and each upload as it is received. */
	private Flux<ServerSentEvent<?>> events() {
		// A client that reads slower than a tick a second gets the latest tick only.
		Flux<ServerSentEvent<String>> clock = Flux.interval(Duration.ZERO, Duration.ofSeconds(1))
			.onBackpressureLatest()
			.map(tick -> ServerSentEvent.builder(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
				.event("clock")
				.build());
		Flux<ServerSentEvent<Received>> received = this.uploads.asFlux()
			.map(upload -> ServerSentEvent.builder(upload).event("upload").build());
		return Flux.merge(clock, received);
	}

	/**
	 * Answers what was received. Fastro decoded the body as it arrived, a large file into
	 * a temporary file, which it deletes when the request ends: the demo keeps nothing.
	 */
	private Received upload(Context ctx) {
		Upload file = ctx.upload("file");
		if (file == null || file.filename().isEmpty()) {
			throw HttpException.badRequest("No file in the field 'file'");
		}
		Received received = new Received(file.filename(), file.size(), file.contentType());
		this.uploads.emitNext(received, RETRY_WHEN_RACING);
		return received;
	}

}
