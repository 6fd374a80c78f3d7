package dev.fastro.demo.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A loopback port free now, for a process that needs its port before it starts (a proxy's
 * listener, a Fastro instance restarted on the port it had).
 */
final class FreePort {

	private FreePort() {
	}

	static int next() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
