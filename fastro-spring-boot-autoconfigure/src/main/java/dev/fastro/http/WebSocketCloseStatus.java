package dev.fastro.http;

/**
 * Why a WebSocket session closed: a status code of RFC 6455, section 7.4, and a reason
 * for people to read.
 *
 * @param code the status code, such as {@code 1000}; {@code 1005} when the peer's close
 * frame carried none, {@code 1006} when the connection ended without a close frame
 * @param reason the reason, empty when none was given
 */
public record WebSocketCloseStatus(int code, String reason) {

	/** {@code 1000}: the purpose of the session is fulfilled. */
	public static final WebSocketCloseStatus NORMAL = new WebSocketCloseStatus(1000, "");

	/** {@code 1001}: the server is going down, or a client navigating away. */
	public static final WebSocketCloseStatus GOING_AWAY = new WebSocketCloseStatus(1001, "");

	/** {@code 1005}: the close frame carried no status. */
	public static final WebSocketCloseStatus NO_STATUS = new WebSocketCloseStatus(1005, "");

	/** {@code 1006}: the connection ended without a close frame. */
	public static final WebSocketCloseStatus ABNORMAL = new WebSocketCloseStatus(1006, "");

	/** {@code 1011}: the server met an error it could not get past. */
	public static final WebSocketCloseStatus SERVER_ERROR = new WebSocketCloseStatus(1011, "");

	public WebSocketCloseStatus {
		reason = (reason != null) ? reason : "";
	}

	@Override
	public String toString() {
		return this.reason.isEmpty() ? String.valueOf(this.code) : this.code + " " + this.reason;
	}

}
