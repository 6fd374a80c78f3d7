package dev.fastro.http;

import java.util.List;

import org.reactivestreams.Publisher;

/**
 * Serves one WebSocket session, as Spring WebFlux's {@code WebSocketHandler} does: it
 * reads what the client sends from {@link WebSocketSession#receive()}, sends with
 * {@link WebSocketSession#send(Publisher)}, and returns a {@code Publisher} whose end
 * ends the session: it closes with {@code 1000} when it completes, with {@code 1011} when
 * it fails. Declared with {@link Routes.Builder#websocket}.
 *
 * <pre>{@code
 * WebSocketHandler echo = session -> session.send(session.receive()
 *         .map(message -> WebSocketMessage.text("echo " + message.text())));
 * }</pre>
 *
 * It is called on the connection's event loop: it assembles its publishers there and
 * never blocks.
 */
@FunctionalInterface
public interface WebSocketHandler {

	/**
	 * Serves the session.
	 * @param session the session, open
	 * @return completes when the session is to end
	 */
	Publisher<Void> handle(WebSocketSession session);

	/**
	 * The subprotocols this handler speaks: of those the client offers in
	 * {@code Sec-WebSocket-Protocol}, the first it speaks is chosen, and none when it
	 * speaks none of them. None by default.
	 * @return the subprotocols, such as {@code List.of("v2.chat", "v1.chat")}
	 */
	default List<String> subProtocols() {
		return List.of();
	}

	/**
	 * A handler that speaks the given subprotocols.
	 * @param subProtocols the subprotocols, such as {@code v2.chat}
	 * @param handler the handler
	 * @return the handler, speaking them
	 */
	static WebSocketHandler speaking(List<String> subProtocols, WebSocketHandler handler) {
		List<String> spoken = List.copyOf(subProtocols);
		return new WebSocketHandler() {

			@Override
			public Publisher<Void> handle(WebSocketSession session) {
				return handler.handle(session);
			}

			@Override
			public List<String> subProtocols() {
				return spoken;
			}

		};
	}

}
