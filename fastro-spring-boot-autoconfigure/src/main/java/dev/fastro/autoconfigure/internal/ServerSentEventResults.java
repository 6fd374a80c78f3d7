package dev.fastro.autoconfigure.internal;

import dev.fastro.http.internal.EventResults;

import org.springframework.http.codec.ServerSentEvent;

/**
 * The stream items that are server-sent events: Spring's {@link ServerSentEvent}, which
 * users of WebFlux know. Needs {@code spring-web}, which the starter brings; the pipeline
 * finds it as a service ({@link EventResults#onClassPath()}).
 */
public final class ServerSentEventResults implements EventResults {

	/**
	 * Spring's class, resolved as this one is initialized: without {@code spring-web}
	 * that fails, and the pipeline finds no events, rather than a service that fails on
	 * the first item of every stream.
	 */
	private static final Class<?> SERVER_SENT_EVENT = ServerSentEvent.class;

	@Override
	public Event event(Object item) {
		if (SERVER_SENT_EVENT.isInstance(item)) {
			ServerSentEvent<?> event = (ServerSentEvent<?>) item;
			return new Event(event.id(), event.event(), event.retry(), event.comment(), event.data());
		}
		return null;
	}

}
