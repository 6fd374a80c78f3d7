package dev.fastro.http.internal;

import java.util.List;
import java.util.concurrent.Callable;

import dev.fastro.http.WebSocketCloseStatus;
import dev.fastro.http.WebSocketHandler;
import dev.fastro.http.WebSocketListener;
import dev.fastro.http.WebSocketSession;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Serves a session with a {@link WebSocketListener}: each of its events on the blocking
 * scheduler, one at a time, a message asked for once the one before has been heard.
 */
final class ListeningWebSocketHandler implements WebSocketHandler {

	private static final Log logger = LogFactory.getLog(ListeningWebSocketHandler.class);

	private final WebSocketListener listener;

	private final Scheduler scheduler;

	ListeningWebSocketHandler(WebSocketListener listener, Scheduler scheduler) {
		this.listener = listener;
		this.scheduler = scheduler;
	}

	@Override
	public Publisher<Void> handle(WebSocketSession session) {
		return call(() -> this.listener.onOpen(session)).subscribeOn(this.scheduler)
			.thenMany(session.receive().publishOn(this.scheduler, 1))
			.concatMap((message) -> call(() -> this.listener.onMessage(session, message)), 1)
			.then()
			// Once the last event has been heard, however the session ends, the
			// listener's own failure included: its close follows.
			.doFinally((ended) -> session.closeStatus()
				.publishOn(this.scheduler)
				.subscribe((status) -> closed(session, status)));
	}

	@Override
	public List<String> subProtocols() {
		return this.listener.subProtocols();
	}

	private void closed(WebSocketSession session, WebSocketCloseStatus status) {
		try {
			this.listener.onClose(session, status);
		}
		catch (Exception ex) {
			logger.warn("Fastro: the WebSocket listener of " + session.request().path() + " failed on close", ex);
		}
	}

	/** The listener's call, on the thread that subscribes; an exception fails it. */
	private static Mono<Void> call(Event event) {
		return Mono.fromCallable((Callable<Void>) () -> {
			event.run();
			return null;
		});
	}

	@FunctionalInterface
	private interface Event {

		void run() throws Exception;

	}

}
