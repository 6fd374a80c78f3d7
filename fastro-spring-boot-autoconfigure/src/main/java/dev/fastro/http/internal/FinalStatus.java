package dev.fastro.http.internal;

/**
 * The statuses an answer may have: the final ones, 200 to 599. An informational status
 * (1xx) is the server's to send, ahead of an answer: sent as the answer, it would leave
 * the client waiting for the real one, then taking the next request's answer for it.
 */
public final class FinalStatus {

	private FinalStatus() {
	}

	/**
	 * Checks that a status can answer a request.
	 * @param status the status
	 * @return the status
	 * @throws IllegalArgumentException when it is not a final HTTP status
	 */
	public static int check(int status) {
		if (status < 200 || status > 599) {
			throw new IllegalArgumentException("An answer's HTTP status must be between 200 and 599, not " + status
					+ ((status >= 100 && status < 200) ? " (the server sends informational statuses itself)" : ""));
		}
		return status;
	}

}
