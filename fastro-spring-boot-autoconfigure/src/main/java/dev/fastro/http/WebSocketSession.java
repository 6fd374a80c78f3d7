package dev.fastro.http;

import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One open WebSocket connection, as its {@link WebSocketHandler} sees it. Backpressure
 * works both ways: the connection reads only as fast as {@link #receive()} is consumed,
 * and {@link #send(Publisher)} asks its publisher for a message only once the one before
 * has been written. Pings are answered, and the closing handshake done, whatever the
 * handler does.
 */
public interface WebSocketSession {

	/**
	 * The upgrade request, as its route's middleware saw it: path parameters, query,
	 * headers, and attributes that middleware set, such as the authenticated user. Its
	 * answer is the {@code 101} that opened the session, already sent.
	 */
	Context request();

	/**
	 * The subprotocol chosen from those the client offered and the handler speaks, or
	 * {@code null} for none.
	 */
	String subProtocol();

	/**
	 * The messages the client sends, whole, in order; completes when the session closes.
	 * One subscriber only. The connection reads no further than the subscriber has asked:
	 * a slow consumer holds the client back, through TCP, without buffering. A handler
	 * that does not call this in {@link WebSocketHandler#handle} has the client's
	 * messages read and dropped, so that its pings and close frames are still answered.
	 */
	Flux<WebSocketMessage> receive();

	/**
	 * Sends messages as the publisher gives them, each asked for once the one before has
	 * been written.
	 * @return completes once the last message is written, or when the session closes
	 * first; fails when a write fails
	 */
	Mono<Void> send(Publisher<WebSocketMessage> messages);

	/** Closes the session with {@code 1000}; see {@link #close(WebSocketCloseStatus)}. */
	default Mono<Void> close() {
		return close(WebSocketCloseStatus.NORMAL);
	}

	/**
	 * Starts the closing handshake with this status: a close frame to the client, whose
	 * close frame in answer ends the connection (after a few seconds without one, it ends
	 * all the same). Messages the client sends meanwhile are dropped. Does nothing on a
	 * session closing already.
	 * @return completes once the connection has closed
	 */
	Mono<Void> close(WebSocketCloseStatus status);

	/** Whether the session is open: no close frame has been sent or received yet. */
	boolean isOpen();

	/**
	 * Why the session closed, once it has: the client's close status when it closed
	 * first, the server's when it did, or {@code 1006} when the connection ended without
	 * a close frame.
	 */
	Mono<WebSocketCloseStatus> closeStatus();

}
