package dev.fastro.autoconfigure.internal;

import java.util.ArrayList;
import java.util.List;

import dev.fastro.http.internal.ContentNegotiation;
import io.netty.handler.codec.compression.Brotli;
import io.netty.handler.codec.compression.Zstd;

/**
 * The content codings the server can produce, in its order of preference, and the choice
 * among them for one {@code Accept-Encoding} as RFC 9110 (section 12.5.3) defines it: the
 * coding with the highest q-value wins, {@code *} stands for every coding not listed,
 * {@code q=0} means "not acceptable", and ties go to a coding named over one {@code *}
 * stands for, then to the server's preference.
 * <p>
 * Netty's own choice compares q-values only within pairs of codings, so
 * {@code br;q=0.5, gzip;q=0.9} gets Brotli and {@code br;q=0} still does; this class
 * makes the choice, and Netty then produces the chosen coding.
 */
final class ContentCodings {

	private final List<String> available;

	private ContentCodings(List<String> available) {
		this.available = available;
	}

	/** Brotli and Zstandard when their libraries are present, then gzip and deflate. */
	static ContentCodings onClassPath() {
		List<String> available = new ArrayList<>();
		if (Brotli.isAvailable()) {
			available.add("br");
		}
		if (Zstd.isAvailable()) {
			available.add("zstd");
		}
		available.add("gzip");
		available.add("deflate");
		return new ContentCodings(List.copyOf(available));
	}

	/** These codings, in this order of preference. */
	static ContentCodings of(String... codings) {
		return new ContentCodings(List.of(codings));
	}

	/**
	 * The coding to send for this {@code Accept-Encoding}, or {@code null} when none that
	 * the client accepts is available (the body then goes as it is).
	 */
	String choose(List<String> acceptEncoding) {
		return ContentNegotiation.choose(acceptEncoding, this.available, ContentCodings::coverage);
	}

	/** A coding's own name (or {@code x-gzip}, gzip's old name) before {@code *}. */
	private static int coverage(String element, String coding) {
		if (element.equals(coding) || (element.equals("x-gzip") && coding.equals("gzip"))) {
			return 1;
		}
		return element.equals("*") ? 0 : -1;
	}

}
