package dev.fastro.autoconfigure.internal;

import dev.fastro.http.internal.EventResults;

import org.springframework.http.codec.ServerSentEvent;

/**
 * The stream items that are server-sent events: Spring's {@link ServerSentEvent}, which
 * users of WebFlux know. Needs {@code spring-web}, which the starter brings.
 */
public final class ServerSentEventResults implements EventResults {

	/** The class of Spring's events, to tell whether {@code spring-web} is there. */
	public static final String SERVER_SENT_EVENT = "org.springframework.http.codec.ServerSentEvent";

	@Override
	public Event event(Object item) {
		if (item instanceof ServerSentEvent<?> event) {
			return new Event(event.id(), event.event(), event.retry(), event.comment(), event.data());
		}
		return null;
	}

}
