package dev.fastro.http.internal;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The choice among what the server can send by a request header of weighted elements,
 * such as {@code Accept} or {@code Accept-Encoding}, as RFC 9110 (section 12.4.2) defines
 * it: each candidate takes the q-value of the most specific element that covers it, and
 * {@code q=0} means "not acceptable". The highest q-value wins; of candidates with the
 * same, the one named more specifically (a coding by its name rather than by {@code *}, a
 * media type rather than a range), then the one the server lists first.
 */
public final class ContentNegotiation {

	/**
	 * Media ranges, as {@code Accept} lists them: {@code type/subtype} covers that type
	 * alone; {@code type/*} every subtype, and {@code type/*+suffix} (as Spring reads it)
	 * {@code type/suffix} and every subtype with that suffix; {@code *}{@code /*} every
	 * type, each less specifically than the one before. A candidate's parameters, such as
	 * a version, are not compared.
	 */
	public static final Coverage MEDIA_RANGES = (range, candidate) -> {
		int parameters = candidate.indexOf(';');
		String mediaType = (parameters < 0) ? candidate : candidate.substring(0, parameters).trim();
		if (range.equals(mediaType)) {
			return 2;
		}
		if (range.equals("*/*")) {
			return 0;
		}
		int slash = mediaType.indexOf('/');
		if (slash < 0 || !range.startsWith("/*", slash) || !range.regionMatches(0, mediaType, 0, slash)) {
			return -1;
		}
		String wildcard = range.substring(slash + 2);
		String subtype = mediaType.substring(slash + 1);
		boolean covered = wildcard.isEmpty()
				|| (wildcard.startsWith("+") && (subtype.equals(wildcard.substring(1)) || subtype.endsWith(wildcard)));
		return covered ? 1 : -1;
	};

	private ContentNegotiation() {
	}

	/**
	 * The candidate to send for this header.
	 * @param header the header's values, as many as the request has lines of it, each a
	 * list of elements separated by commas
	 * @param candidates what the server can send, in lower case and in its order of
	 * preference
	 * @param coverage how the header's elements cover the candidates
	 * @return the chosen candidate, or {@code null} when the header accepts none of them
	 */
	public static String choose(List<String> header, List<String> candidates, Coverage coverage) {
		float[] weights = new float[candidates.size()];
		int[] specificities = new int[candidates.size()];
		Arrays.fill(specificities, -1);
		for (String value : header) {
			for (String element : value.split(",")) {
				int semicolon = element.indexOf(';');
				String name = ((semicolon < 0) ? element : element.substring(0, semicolon)).trim()
					.toLowerCase(Locale.ROOT);
				float q = (semicolon < 0) ? 1 : qValue(element.substring(semicolon + 1));
				for (int candidate = 0; candidate < weights.length; candidate++) {
					int specificity = coverage.of(name, candidates.get(candidate));
					if (specificity > specificities[candidate]) {
						specificities[candidate] = specificity;
						weights[candidate] = q;
					}
				}
			}
		}
		int best = -1;
		for (int candidate = 0; candidate < weights.length; candidate++) {
			if (weights[candidate] > 0 && (best < 0 || weights[candidate] > weights[best]
					|| (weights[candidate] == weights[best] && specificities[candidate] > specificities[best]))) {
				best = candidate;
			}
		}
		return (best >= 0) ? candidates.get(best) : null;
	}

	/** The weight in {@code q=0.5}; a malformed one makes the element unacceptable. */
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

	/**
	 * How an element of the header covers a candidate.
	 */
	@FunctionalInterface
	public interface Coverage {

		/**
		 * How specifically the element covers the candidate.
		 * @param element the element's name, in lower case, without its parameters
		 * @param candidate one of the candidates
		 * @return {@code -1} when it does not cover it; otherwise a specificity, higher
		 * for a more specific element
		 */
		int of(String element, String candidate);

	}

}
