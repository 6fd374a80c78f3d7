package dev.fastro.perf.harness;

import java.util.Arrays;
import java.util.Locale;

/**
 * How the upload bench frames its body on the wire.
 */
enum UploadFraming {

	/** A {@code content-length} head, then the bytes. */
	CONTENT_LENGTH("content-length", "Content-Length"),

	/** {@code transfer-encoding: chunked}, in 64 KiB chunks. */
	CHUNKED("chunked", "Chunked");

	private final String id;

	private final String title;

	UploadFraming(String id, String title) {
		this.id = id;
		this.title = title;
	}

	/**
	 * The framing's name on the command line and in the CSV.
	 * @return the id
	 */
	String id() {
		return this.id;
	}

	/**
	 * The framing's name in the report.
	 * @return the title
	 */
	String title() {
		return this.title;
	}

	/**
	 * Finds a framing by its id.
	 * @param id such as {@code chunked}
	 * @return the framing
	 * @throws IllegalArgumentException if there is none
	 */
	static UploadFraming fromId(String id) {
		String wanted = id.toLowerCase(Locale.ROOT);
		return Arrays.stream(values())
			.filter(framing -> framing.id.equals(wanted))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown framing '" + id + "', expected one of "
					+ Arrays.stream(values()).map(UploadFraming::id).toList()));
	}

}
