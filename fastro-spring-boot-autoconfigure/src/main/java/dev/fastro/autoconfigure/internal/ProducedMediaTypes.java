package dev.fastro.autoconfigure.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import dev.fastro.http.Context;
import dev.fastro.http.HttpException;

import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;
import org.springframework.util.MimeTypeUtils;

/**
 * Chooses the media type of an Actuator answer among those its operation produces, by the
 * request's {@code Accept}: the first produced type the most preferred accepted range
 * covers; the first produced type without {@code Accept}; a 406 when none is accepted.
 */
final class ProducedMediaTypes {

	private static final String APPLICATION_JSON = "application/json";

	private final List<MimeType> produced;

	ProducedMediaTypes(Collection<String> produced) {
		this.produced = produced.stream().map(MimeTypeUtils::parseMimeType).toList();
	}

	/**
	 * The content type of the answer to {@code ctx}.
	 * @throws HttpException 406 when the client accepts none of the produced types, 400
	 * when its {@code Accept} is malformed
	 */
	String negotiate(Context ctx) {
		if (this.produced.isEmpty()) {
			return APPLICATION_JSON;
		}
		List<String> accepts = ctx.headers("accept");
		if (accepts.isEmpty()) {
			return this.produced.get(0).toString();
		}
		for (MimeType accepted : byQuality(accepts)) {
			for (MimeType candidate : this.produced) {
				if (accepted.isCompatibleWith(candidate)) {
					return candidate.toString();
				}
			}
		}
		throw new HttpException(406, "Accept '" + String.join(", ", accepts) + "' names none of " + this.produced);
	}

	/**
	 * Whether a media type, as {@link #negotiate} names it, is one of the produced ones.
	 */
	boolean includes(String mediaType) {
		return this.produced.stream().anyMatch((produced) -> produced.toString().equals(mediaType));
	}

	private static List<MimeType> byQuality(List<String> accepts) {
		List<MimeType> ranges = new ArrayList<>();
		try {
			for (String accept : accepts) {
				ranges.addAll(MimeTypeUtils.parseMimeTypes(accept));
			}
		}
		catch (InvalidMimeTypeException ex) {
			throw new HttpException(400, "Malformed Accept header: " + ex.getMessage(), ex);
		}
		ranges.removeIf(range -> quality(range) <= 0);
		ranges.sort(Comparator.comparingDouble(ProducedMediaTypes::quality).reversed());
		return ranges;
	}

	private static double quality(MimeType range) {
		String q = range.getParameter("q");
		try {
			return (q != null) ? Double.parseDouble(q) : 1;
		}
		catch (NumberFormatException ex) {
			throw new HttpException(400, "Malformed quality '" + q + "' in Accept header");
		}
	}

}
