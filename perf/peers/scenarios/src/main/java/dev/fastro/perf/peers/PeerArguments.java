package dev.fastro.perf.peers;

/**
 * The arguments the harness starts a peer with.
 */
public final class PeerArguments {

	private static final String PORT = "--port=";

	private PeerArguments() {
	}

	/**
	 * The port to listen on.
	 * @param args the peer's arguments
	 * @return the value of {@code --port=N}, 8080 without one
	 */
	public static int port(String[] args) {
		int port = 8080;
		for (String arg : args) {
			if (arg.startsWith(PORT)) {
				port = Integer.parseInt(arg.substring(PORT.length()));
			}
		}
		return port;
	}

}
