package dev.fastro.server.internal;

import java.time.Duration;

/**
 * The limits of the WebSocket sessions the server opens.
 *
 * @param maxFrameSize the largest frame payload accepted, in bytes: a larger one closes
 * the session with {@code 1009}
 * @param maxMessageSize the largest message accepted, its fragments put together, in
 * bytes: a larger one closes the session with {@code 1009}
 * @param idleTimeout how long a session may go without a frame either way before it is
 * closed with {@code 1001}, or {@code null} for no limit
 * @param compression whether {@code permessage-deflate} is agreed to when a client offers
 * it
 */
public record WebSocketSettings(int maxFrameSize, int maxMessageSize, Duration idleTimeout, boolean compression) {

	/** The defaults of {@code fastro.websocket.*}. */
	public static final WebSocketSettings DEFAULTS = new WebSocketSettings(64 * 1024, 1024 * 1024, null, true);

}
