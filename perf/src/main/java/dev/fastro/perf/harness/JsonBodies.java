package dev.fastro.perf.harness;

/**
 * The JSON bodies of the JSON POST scenario and of the body-size experiment. Larger
 * bodies are the same {@code {"name":...,"email":...}} object with a longer name, so
 * every server still reads them into its record and writes back the same bytes.
 */
final class JsonBodies {

	/** The scenario's body, 44 bytes. */
	static final String SMALL = "{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}";

	private JsonBodies() {
	}

	/**
	 * A body of exactly {@code size} bytes (at least the small body's size).
	 * @param size the size in bytes
	 * @return the body
	 */
	static String ofSize(int size) {
		int padding = size - SMALL.length();
		if (padding < 0) {
			throw new IllegalArgumentException("a body is at least " + SMALL.length() + " bytes, not " + size);
		}
		return SMALL.replace("\"fastro\"", "\"fastro" + "x".repeat(padding) + "\"");
	}

}
