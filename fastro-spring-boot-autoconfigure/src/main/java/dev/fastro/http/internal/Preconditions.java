package dev.fastro.http.internal;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;

/**
 * Evaluates a request's preconditions (RFC 9110, 13) against the validators of the
 * representation it asks about, its entity tag and last modification, either of which may
 * be unknown. In the order of RFC 9110, 13.2.2: {@code If-Match}, or else
 * {@code If-Unmodified-Since}, may refuse the request with a 412; then
 * {@code If-None-Match}, or else, for a {@code GET} or {@code HEAD},
 * {@code If-Modified-Since}, may answer it with a 304 (a 412 for other methods). Dates
 * compare to the second, as HTTP dates are written.
 */
public final class Preconditions {

	// A value the client sent is cut to this many characters in a detail: the detail
	// names it, not echoes it.
	private static final int SHOWN = 40;

	private Preconditions() {
	}

	/**
	 * Evaluates the preconditions of a request.
	 * @param method the request method, upper case
	 * @param request the request's headers
	 * @param etag the representation's current entity tag, as {@link EntityTags#of} gives
	 * it, or {@code null} when it has none
	 * @param lastModified when the representation last changed, or {@code null} when that
	 * is unknown
	 * @return {@code null} when the request goes on to its answer, or the answer that
	 * takes its place
	 */
	public static Unmet evaluate(String method, HttpHeaders request, String etag, Instant lastModified) {
		Instant modified = (lastModified != null) ? lastModified.truncatedTo(ChronoUnit.SECONDS) : null;
		List<String> ifMatch = request.getAll(HttpHeaderNames.IF_MATCH);
		if (!ifMatch.isEmpty()) {
			if (!EntityTags.isAny(ifMatch) && (etag == null || !EntityTags.listed(ifMatch, etag, true))) {
				return new Unmet(412, "If-Match " + shown(ifMatch) + " does not match " + ((etag != null)
						? "the current " + shown(etag) : "the current representation, which has no entity tag"));
			}
		}
		else if (modified != null) {
			Instant since = date(request, HttpHeaderNames.IF_UNMODIFIED_SINCE);
			if (since != null && modified.isAfter(since)) {
				return new Unmet(412, "If-Unmodified-Since " + HttpDates.format(since)
						+ " is before the last modification, at " + HttpDates.format(modified));
			}
		}
		boolean readOnly = method.equals("GET") || method.equals("HEAD");
		List<String> ifNoneMatch = request.getAll(HttpHeaderNames.IF_NONE_MATCH);
		if (!ifNoneMatch.isEmpty()) {
			if (EntityTags.isAny(ifNoneMatch) || (etag != null && EntityTags.listed(ifNoneMatch, etag, false))) {
				return readOnly ? Unmet.NOT_MODIFIED : new Unmet(412, "If-None-Match " + shown(ifNoneMatch)
						+ " matches the current " + ((etag != null) ? shown(etag) : "representation"));
			}
		}
		else if (readOnly && modified != null) {
			Instant since = date(request, HttpHeaderNames.IF_MODIFIED_SINCE);
			if (since != null && !modified.isAfter(since)) {
				return Unmet.NOT_MODIFIED;
			}
		}
		return null;
	}

	/**
	 * Whether a {@code Range} may be served in part as its {@code If-Range} asks (RFC
	 * 9110, 13.1.5): when there is no {@code If-Range}, when it is the current entity tag
	 * and both are strong, or when it is the date of the last modification exactly and
	 * that date is a strong validator, at least one second before the response's
	 * {@code Date} (RFC 9110, 8.8.2.2): a file changed twice within the second it was
	 * sent in has two contents behind one date.
	 * @param request the request's headers
	 * @param etag the representation's current entity tag, as {@link EntityTags#of} gives
	 * it, or {@code null} when it has none
	 * @param lastModified when the representation last changed, or {@code null} when that
	 * is unknown
	 * @param date the response's {@code Date}, now
	 * @return whether the range may be served; if not, the whole representation is
	 */
	public static boolean ifRange(HttpHeaders request, String etag, Instant lastModified, Instant date) {
		List<String> values = request.getAll(HttpHeaderNames.IF_RANGE);
		if (values.isEmpty()) {
			return true;
		}
		if (values.size() > 1) {
			return false;
		}
		String trimmed = HttpDates.trim(values.get(0));
		if (trimmed.startsWith("\"") || trimmed.startsWith("W/")) {
			return etag != null && EntityTags.strongMatch(trimmed, etag);
		}
		if (lastModified == null) {
			return false;
		}
		Instant modified = lastModified.truncatedTo(ChronoUnit.SECONDS);
		Instant strongBefore = date.truncatedTo(ChronoUnit.SECONDS).minusSeconds(1);
		return !modified.isAfter(strongBefore) && modified.equals(HttpDates.parse(trimmed));
	}

	/**
	 * The date a field holds, or {@code null} when it is absent or is no single valid
	 * HTTP date, as when it is sent twice: such a field is ignored.
	 */
	private static Instant date(HttpHeaders request, AsciiString name) {
		List<String> values = request.getAll(name);
		return (values.size() == 1) ? HttpDates.parse(values.get(0)) : null;
	}

	private static String shown(List<String> lines) {
		return shown((lines.size() == 1) ? lines.get(0) : String.join(", ", lines));
	}

	private static String shown(String value) {
		String trimmed = HttpDates.trim(value);
		return (trimmed.length() > SHOWN) ? trimmed.substring(0, SHOWN) + "..." : trimmed;
	}

	/**
	 * Preconditions that do not let a request go on to its answer, and what answers it
	 * instead.
	 *
	 * @param status 304 when the client's copy is current, or 412 when a precondition
	 * failed
	 * @param detail for a 412, which precondition failed and why; {@code null} for a 304
	 */
	public record Unmet(int status, String detail) {

		/** The answer that the client's copy of the representation is current. */
		public static final Unmet NOT_MODIFIED = new Unmet(304, null);

	}

}
