package dev.fastro.security;

import dev.fastro.http.HttpException;

/**
 * A request refused by Fastro's security: 401 when it must authenticate (again), 403 when
 * its authentication is not enough, 400 for malformed credentials. Its detail is fixed
 * and tells nothing of the token; its {@code WWW-Authenticate} header is already set on
 * the response. Like any {@link HttpException}, it is answered as a problem, and error
 * hooks, observations and the access log see it.
 */
public class SecurityRefusal extends HttpException {

	/**
	 * Creates a refusal.
	 * @param status the status, 400, 401 or 403
	 * @param detail what was wrong, told to the client
	 */
	public SecurityRefusal(int status, String detail) {
		super(status, detail);
	}

}
