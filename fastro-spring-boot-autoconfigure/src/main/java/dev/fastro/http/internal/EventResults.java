package dev.fastro.http.internal;

import java.time.Duration;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The items of a streamed result that are server-sent events, of a type the pipeline does
 * not know itself, such as Spring's {@code ServerSentEvent}: the {@link ResultWriter}
 * asks about the first item of a stream the client did not ask to get as
 * {@code text/event-stream}, and sends the stream as events when it is one. The
 * implementation that knows Spring's type is the auto-configuration's, found as a
 * service.
 */
@FunctionalInterface
public interface EventResults {

	/** No item is an event: every item of an event stream is its data. */
	EventResults NONE = (item) -> null;

	/**
	 * The events as an application sees them: those of the implementation that the class
	 * path provides as a service (Spring's {@code ServerSentEvent}, from the
	 * auto-configuration's jar), or none, as when {@code spring-web}, which that
	 * implementation needs, is missing.
	 */
	static EventResults onClassPath() {
		try {
			return ServiceLoader.load(EventResults.class, EventResults.class.getClassLoader()).findFirst().orElse(NONE);
		}
		catch (ServiceConfigurationError | LinkageError ex) {
			// The service is there, the types it reads are not.
			return NONE;
		}
	}

	/**
	 * The event an item of a stream stands for. Asked of every item of an event stream,
	 * and of the first item of every other stream, so it checks the type and nothing
	 * more.
	 * @param item an item of a stream, not {@code null}
	 * @return the event, or {@code null} when the item is no event, only data
	 */
	Event event(Object item);

	/**
	 * The fields of one event, each {@code null} when it has none. The id and the name
	 * are one line each, as Spring's builder makes sure: a line break would end the field
	 * early, and the rest would be read as other fields.
	 *
	 * @param id the event's id, which the client sends back as {@code Last-Event-ID} when
	 * it reconnects
	 * @param name the event's type, which the client dispatches it by
	 * @param retry how long the client waits before it reconnects
	 * @param comment a comment, which the client ignores
	 * @param data the data: a {@code CharSequence} as it is, anything else as JSON
	 */
	record Event(String id, String name, Duration retry, String comment, Object data) {
	}

}
