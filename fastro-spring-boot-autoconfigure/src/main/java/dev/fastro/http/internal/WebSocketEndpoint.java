package dev.fastro.http.internal;

import java.util.Base64;
import java.util.List;
import java.util.function.Function;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.WebSocketHandler;
import dev.fastro.http.WebSocketListener;
import reactor.core.scheduler.Scheduler;

/**
 * The handler of a WebSocket route, innermost in its middleware chain: checks that the
 * request is a WebSocket opening handshake (RFC 6455, 4.2.1), and answers with an
 * {@link Upgrade} that {@link ResultWriter} hands to the transport, which switches the
 * connection over. A request that is no handshake at all is answered {@code 426} with
 * {@code Upgrade: websocket}, as RFC 9110 (15.5.22) asks; a handshake that breaks a rule
 * is answered {@code 400}, with {@code Sec-WebSocket-Version: 13} when its version is the
 * fault (RFC 6455, 4.4). Netty's handshaker checks less than this, and without a problem
 * body.
 */
public final class WebSocketEndpoint implements Handler {

	private static final String VERSION = "13";

	/** The session's handler, given the scheduler that runs blocking code. */
	private final Function<Scheduler, WebSocketHandler> sessions;

	public WebSocketEndpoint(WebSocketHandler handler) {
		this.sessions = (blocking) -> handler;
	}

	public WebSocketEndpoint(WebSocketListener listener) {
		this.sessions = (blocking) -> new ListeningWebSocketHandler(listener, blocking);
	}

	@Override
	public Object handle(Context ctx) {
		if (!hasToken(ctx.headers("upgrade"), "websocket")) {
			ctx.header("upgrade", "websocket");
			throw new HttpException(426, ctx.path() + " is a WebSocket endpoint: open it with a GET that has "
					+ "'Upgrade: websocket' and 'Connection: Upgrade'");
		}
		if (!ctx.method().equals("GET")) {
			throw HttpException.badRequest("A WebSocket opening handshake is a GET, not a " + ctx.method());
		}
		if (!hasToken(ctx.headers("connection"), "upgrade")) {
			throw HttpException.badRequest("A WebSocket opening handshake needs 'Connection: Upgrade'");
		}
		String version = ctx.header("sec-websocket-version");
		if (!VERSION.equals(version)) {
			ctx.header("sec-websocket-version", VERSION);
			throw HttpException.badRequest((version != null)
					? "WebSocket version '" + version + "' is not supported; the server speaks version 13"
					: "A WebSocket opening handshake needs 'Sec-WebSocket-Version: 13'");
		}
		String key = ctx.header("sec-websocket-key");
		if (!isKey(key)) {
			throw HttpException.badRequest((key != null) ? "Sec-WebSocket-Key '" + key + "' is not 16 bytes in base64"
					: "A WebSocket opening handshake needs a Sec-WebSocket-Key");
		}
		return new Upgrade(this.sessions);
	}

	/** Whether a comma-separated header holds a token, in any case. */
	private static boolean hasToken(List<String> values, String token) {
		for (String value : values) {
			for (int start = 0; start <= value.length();) {
				int end = value.indexOf(',', start);
				end = (end < 0) ? value.length() : end;
				if (value.substring(start, end).trim().equalsIgnoreCase(token)) {
					return true;
				}
				start = end + 1;
			}
		}
		return false;
	}

	/** Whether a key is a nonce of 16 bytes in base64, as RFC 6455 (4.1) defines it. */
	private static boolean isKey(String key) {
		if (key == null || key.length() != 24) {
			return false;
		}
		try {
			return Base64.getDecoder().decode(key).length == 16;
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	/**
	 * The answer to a valid opening handshake, once the route's middleware has let it
	 * through: switch the connection to WebSocket, served by the handler of
	 * {@code sessions}.
	 *
	 * @param sessions the session's handler, given the scheduler that runs blocking code
	 */
	record Upgrade(Function<Scheduler, WebSocketHandler> sessions) {

		WebSocketHandler handler(Scheduler blocking) {
			return this.sessions.apply(blocking);
		}

	}

}
