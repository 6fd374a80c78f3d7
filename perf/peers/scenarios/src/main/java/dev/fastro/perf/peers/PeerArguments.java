package dev.fastro.perf.peers;

/**
 * The arguments the harness starts a peer with.
 */
public final class PeerArguments {

	private static final String PORT = "--port=";

	private static final String STATIC_FILES = "--static-files=";

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

	/**
	 * The directory of static files to serve, for the static-files experiment.
	 * @param args the peer's arguments
	 * @return the value of {@code --static-files=DIR}, {@code null} without one
	 */
	public static String staticFiles(String[] args) {
		String directory = null;
		for (String arg : args) {
			if (arg.startsWith(STATIC_FILES)) {
				directory = arg.substring(STATIC_FILES.length());
			}
		}
		return directory;
	}

}
