package dev.fastro.autoconfigure.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.netty.handler.codec.compression.Brotli;
import io.netty.handler.codec.compression.Zstd;

/**
 * The content codings the server can produce, in its order of preference, and the choice
 * among them for one {@code Accept-Encoding} as RFC 9110 (section 12.5.3) defines it: the
 * coding with the highest q-value wins, {@code *} stands for every coding not listed,
 * {@code q=0} means "not acceptable", and ties go to the server's preference.
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
	String choose(String acceptEncoding) {
		if (acceptEncoding == null) {
			return null;
		}
		// Each coding's own q-value, the first time it is listed; -1 where it is not.
		float[] listed = new float[this.available.size()];
		Arrays.fill(listed, -1);
		float star = 0;
		for (String element : acceptEncoding.split(",")) {
			int semicolon = element.indexOf(';');
			String name = ((semicolon < 0) ? element : element.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
			float q = (semicolon < 0) ? 1 : qValue(element.substring(semicolon + 1));
			if (name.equals("*")) {
				star = q;
			}
			else {
				int coding = this.available.indexOf(name.equals("x-gzip") ? "gzip" : name);
				if (coding >= 0 && listed[coding] < 0) {
					listed[coding] = q;
				}
			}
		}
		String best = null;
		float bestQ = 0;
		for (int coding = 0; coding < listed.length; coding++) {
			float q = (listed[coding] >= 0) ? listed[coding] : star;
			if (q > bestQ) {
				best = this.available.get(coding);
				bestQ = q;
			}
		}
		return best;
	}

	/** The weight in {@code q=0.5}; a malformed one makes the coding unacceptable. */
	private static float qValue(String parameters) {
		for (String parameter : parameters.split(";")) {
			String[] pair = parameter.trim().split("=", 2);
			if (pair.length == 2 && pair[0].trim().equalsIgnoreCase("q")) {
				try {
					float q = Float.parseFloat(pair[1].trim());
					return (q >= 0 && q <= 1) ? q : 0;
				}
				catch (NumberFormatException ex) {
					return 0;
				}
			}
		}
		return 1;
	}

}
