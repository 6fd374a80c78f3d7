package dev.fastro.security;

import java.time.Duration;

import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;

import org.springframework.context.ApplicationContext;

import static dev.fastro.test.RawHttp.rawRequest;

/**
 * Requests to the server of a secured application under test, each on a connection of its
 * own, so that no request leans on what an earlier one left on its connection.
 */
final class SecuredServer {

	private SecuredServer() {
	}

	static int port(ApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	static RawResponse get(int port, String path, String... headers) throws Exception {
		return call(port, "GET", path, headers);
	}

	static RawResponse call(int port, String method, String path, String... headers) throws Exception {
		try (RawHttp wire = new RawHttp(port, Duration.ofSeconds(10))) {
			wire.send(rawRequest(method, path, headers));
			return method.equals("HEAD") ? wire.readToHead() : wire.read();
		}
	}

}
