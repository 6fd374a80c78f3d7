package dev.fastro.http;

import java.util.List;

/**
 * Serves one WebSocket session with blocking code, one event at a time: the session
 * opens, each message the client sends, the session closes. Its methods run off the event
 * loop, on the scheduler that runs blocking routes, so they may wait on a database or a
 * lock; the next message is read once {@link #onMessage} has returned, so a slow listener
 * holds the client back. It sends through the session, and may wait for the write:
 *
 * <pre>{@code
 * WebSocketListener echo = (session, message) -> session
 *         .send(Mono.just(WebSocketMessage.text("echo " + message.text())))
 *         .block();
 * }</pre>
 *
 * A method that throws closes the session with {@code 1011}. Declared with
 * {@link Routes.Builder#websocket(String, WebSocketListener, Middleware...)}; for
 * backpressure on what it sends, or many sessions on few threads, a
 * {@link WebSocketHandler} is the reactive form.
 */
@FunctionalInterface
public interface WebSocketListener {

	/**
	 * Called once the session is open, before any message.
	 * @param session the session
	 * @throws Exception to close the session with {@code 1011}
	 */
	default void onOpen(WebSocketSession session) throws Exception {
	}

	/**
	 * Called with each message the client sends, whole, in order.
	 * @param session the session
	 * @param message the message
	 * @throws Exception to close the session with {@code 1011}
	 */
	void onMessage(WebSocketSession session, WebSocketMessage message) throws Exception;

	/**
	 * Called once the session has closed, however it closed; what it throws is logged.
	 * @param session the session, closed
	 * @param status why it closed, as {@link WebSocketSession#closeStatus()} says
	 * @throws Exception logged
	 */
	default void onClose(WebSocketSession session, WebSocketCloseStatus status) throws Exception {
	}

	/**
	 * The subprotocols this listener speaks, as {@link WebSocketHandler#subProtocols()}.
	 * None by default.
	 * @return the subprotocols
	 */
	default List<String> subProtocols() {
		return List.of();
	}

}
