package dev.fastro.autoconfigure.internal;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

import dev.fastro.http.Context;
import dev.fastro.http.HttpException;
import dev.fastro.http.internal.ContentNegotiation;

/**
 * Chooses the media type of an Actuator answer among those its operation produces, by the
 * request's {@code Accept}, as {@link ContentNegotiation} chooses: the produced type the
 * client prefers by its q-values, then the one it names most specifically, then the first
 * produced; the first produced type without {@code Accept}; a 406 when none is accepted.
 */
final class ProducedMediaTypes {

	private static final String APPLICATION_JSON = "application/json";

	private final List<String> produced;

	private final List<String> candidates;

	ProducedMediaTypes(Collection<String> produced) {
		this.produced = List.copyOf(produced);
		this.candidates = this.produced.stream().map((mediaType) -> mediaType.toLowerCase(Locale.ROOT)).toList();
	}

	/**
	 * The content type of the answer to {@code ctx}.
	 * @throws HttpException 406 when the client accepts none of the produced types
	 */
	String negotiate(Context ctx) {
		if (this.produced.isEmpty()) {
			return APPLICATION_JSON;
		}
		List<String> accepts = ctx.headers("accept");
		if (accepts.isEmpty()) {
			return this.produced.get(0);
		}
		String chosen = ContentNegotiation.choose(accepts, this.candidates, ContentNegotiation.MEDIA_RANGES);
		if (chosen == null) {
			throw new HttpException(406, "Accept '" + String.join(", ", accepts) + "' names none of " + this.produced);
		}
		return this.produced.get(this.candidates.indexOf(chosen));
	}

	/**
	 * Whether a media type, as {@link #negotiate} names it, is one of the produced ones.
	 */
	boolean includes(String mediaType) {
		return this.produced.contains(mediaType);
	}

}
