package dev.fastro.http.internal;

import java.time.Instant;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The preconditions of RFC 9110, 13, each alone and in the order of 13.2.2.
 */
class PreconditionsTest {

	private static final String TAG = "\"v3\"";

	private static final String WEAK_TAG = "W/\"v3\"";

	private static final Instant MODIFIED = Instant.parse("2024-05-01T12:00:00.750Z");

	private static final String MODIFIED_DATE = "Wed, 01 May 2024 12:00:00 GMT";

	private static final String SECOND_BEFORE = "Wed, 01 May 2024 11:59:59 GMT";

	private static final String SECOND_AFTER = "Wed, 01 May 2024 12:00:01 GMT";

	// ---- no preconditions

	@ParameterizedTest
	@ValueSource(strings = { "GET", "HEAD", "POST", "PUT", "DELETE" })
	void requestWithoutPreconditionsGoesOn(String method) {
		assertThat(evaluate(method, TAG, MODIFIED)).isNull();
		assertThat(evaluate(method, null, null)).isNull();
	}

	// ---- If-None-Match

	@ParameterizedTest
	@ValueSource(strings = { "GET", "HEAD" })
	void readWhoseCopyIsCurrentIsNotModified(String method) {
		assertNotModified(evaluate(method, TAG, MODIFIED, "if-none-match", TAG));
	}

	@ParameterizedTest
	@ValueSource(strings = { "POST", "PUT", "DELETE", "PATCH" })
	void changeThatIfNoneMatchRefusesFails(String method) {
		assertFailed(evaluate(method, TAG, MODIFIED, "if-none-match", TAG),
				"If-None-Match \"v3\" matches the current \"v3\"");
	}

	@Test
	void ifNoneMatchComparesWeakly() {
		assertNotModified(evaluate("GET", TAG, null, "if-none-match", WEAK_TAG));
		assertNotModified(evaluate("GET", WEAK_TAG, null, "if-none-match", TAG));
		assertNotModified(evaluate("GET", WEAK_TAG, null, "if-none-match", WEAK_TAG));
		assertThat(evaluate("GET", TAG, null, "if-none-match", "\"v2\"")).isNull();
		assertThat(evaluate("GET", TAG, null, "if-none-match", "\"V3\"")).isNull();
	}

	@Test
	void ifNoneMatchReadsAListWithWhitespaceOverSeveralLines() {
		assertNotModified(evaluate("GET", TAG, null, "if-none-match", "\"v1\", W/\"v2\",\t\"v3\""));
		assertNotModified(evaluate("GET", TAG, null, "if-none-match", "\"v1\"", "if-none-match", " ,\"v3\" , "));
		assertThat(evaluate("GET", TAG, null, "if-none-match", "\"v1\", \"v2\"")).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "v3", "W/v3", "w/\"v3\"", "\"v3", "v3\"", "\"v3\" \"v3\"", "'v3'", "\"v3\"x", "x\"v3\"" })
	void malformedIfNoneMatchNeverMatches(String field) {
		assertThat(evaluate("GET", TAG, null, "if-none-match", field)).isNull();
	}

	@Test
	void ifNoneMatchStarMatchesAnyCurrentRepresentation() {
		assertNotModified(evaluate("GET", TAG, null, "if-none-match", "*"));
		assertNotModified(evaluate("GET", null, MODIFIED, "if-none-match", "*"));
		assertFailed(evaluate("PUT", TAG, null, "if-none-match", "*"), "If-None-Match * matches the current \"v3\"");
		assertFailed(evaluate("PUT", null, null, "if-none-match", "*"),
				"If-None-Match * matches the current representation");
	}

	@Test
	void ifNoneMatchFindsNothingInARepresentationWithoutATag() {
		assertThat(evaluate("GET", null, MODIFIED, "if-none-match", TAG)).isNull();
	}

	// ---- If-Modified-Since

	@Test
	void readOfARepresentationUnchangedSinceIsNotModified() {
		assertNotModified(evaluate("GET", null, MODIFIED, "if-modified-since", MODIFIED_DATE));
		assertNotModified(evaluate("HEAD", null, MODIFIED, "if-modified-since", SECOND_AFTER));
		assertThat(evaluate("GET", null, MODIFIED, "if-modified-since", SECOND_BEFORE)).isNull();
	}

	@Test
	void ifModifiedSinceComparesToTheSecond() {
		// MODIFIED is 750 ms past the second that MODIFIED_DATE names.
		assertNotModified(evaluate("GET", TAG, MODIFIED, "if-modified-since", MODIFIED_DATE));
		assertThat(evaluate("GET", TAG, MODIFIED.plusMillis(250), "if-modified-since", MODIFIED_DATE)).isNull();
	}

	@Test
	void ifModifiedSinceReadsTheObsoleteDateFormats() {
		assertNotModified(evaluate("GET", null, MODIFIED, "if-modified-since", "Wednesday, 01-May-24 12:00:00 GMT"));
		assertNotModified(evaluate("GET", null, MODIFIED, "if-modified-since", "Wed May  1 12:00:00 2024"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "POST", "PUT", "DELETE" })
	void ifModifiedSinceIsIgnoredOnAChange(String method) {
		assertThat(evaluate(method, null, MODIFIED, "if-modified-since", MODIFIED_DATE)).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "yesterday", "Wed, 01 May 2024 12:00:00", "2024-05-01T12:00:00Z",
			"Wed, 01 May 2024 12:00:00 GMT, Wed, 01 May 2024 12:00:00 GMT" })
	void invalidIfModifiedSinceIsIgnored(String field) {
		assertThat(evaluate("GET", null, MODIFIED, "if-modified-since", field)).isNull();
	}

	@Test
	void ifModifiedSinceSentTwiceIsIgnored() {
		assertThat(
				evaluate("GET", null, MODIFIED, "if-modified-since", MODIFIED_DATE, "if-modified-since", MODIFIED_DATE))
			.isNull();
	}

	@Test
	void ifModifiedSinceIsIgnoredBesideIfNoneMatch() {
		assertThat(evaluate("GET", TAG, MODIFIED, "if-none-match", "\"v2\"", "if-modified-since", MODIFIED_DATE))
			.isNull();
		assertNotModified(evaluate("GET", TAG, MODIFIED, "if-none-match", TAG, "if-modified-since", SECOND_BEFORE));
	}

	@Test
	void ifModifiedSinceIsIgnoredWithoutALastModification() {
		assertThat(evaluate("GET", TAG, null, "if-modified-since", MODIFIED_DATE)).isNull();
	}

	// ---- If-Match

	@ParameterizedTest
	@ValueSource(strings = { "GET", "HEAD", "PUT", "DELETE" })
	void ifMatchThatDoesNotMatchFails(String method) {
		assertFailed(evaluate(method, TAG, MODIFIED, "if-match", "\"v2\""),
				"If-Match \"v2\" does not match the current \"v3\"");
	}

	@Test
	void ifMatchThatMatchesGoesOn() {
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-match", TAG)).isNull();
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-match", "\"v1\", \"v3\"")).isNull();
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-match", "\"v1\"", "if-match", "\"v3\"")).isNull();
	}

	@Test
	void ifMatchComparesStrongly() {
		assertFailed(evaluate("PUT", TAG, null, "if-match", WEAK_TAG),
				"If-Match W/\"v3\" does not match the current \"v3\"");
		assertFailed(evaluate("PUT", WEAK_TAG, null, "if-match", WEAK_TAG),
				"If-Match W/\"v3\" does not match the current W/\"v3\"");
		assertFailed(evaluate("PUT", WEAK_TAG, null, "if-match", TAG),
				"If-Match \"v3\" does not match the current W/\"v3\"");
	}

	@Test
	void ifMatchStarMatchesAnyCurrentRepresentation() {
		assertThat(evaluate("PUT", TAG, null, "if-match", "*")).isNull();
		assertThat(evaluate("PUT", null, null, "if-match", " * ")).isNull();
		assertThat(evaluate("PUT", WEAK_TAG, null, "if-match", "*")).isNull();
	}

	@Test
	void ifMatchFindsNothingInARepresentationWithoutATag() {
		assertFailed(evaluate("PUT", null, MODIFIED, "if-match", TAG),
				"If-Match \"v3\" does not match the current representation, which has no entity tag");
	}

	@Test
	void malformedIfMatchNeverMatches() {
		assertFailed(evaluate("PUT", TAG, null, "if-match", "v3"), "If-Match v3 does not match the current \"v3\"");
		assertFailed(evaluate("PUT", TAG, null, "if-match", "\"v3\" x"),
				"If-Match \"v3\" x does not match the current \"v3\"");
	}

	@Test
	void malformedMemberOfIfMatchIsSkipped() {
		assertThat(evaluate("PUT", TAG, null, "if-match", "\"v3\", *")).isNull();
		assertThat(evaluate("PUT", TAG, null, "if-match", "v2, \"v3\"")).isNull();
	}

	@Test
	void detailCutsALongFieldShort() {
		String tags = ("\"" + "x".repeat(50) + "\", ").repeat(200);
		Preconditions.Unmet unmet = evaluate("PUT", TAG, null, "if-match", tags);
		assertThat(unmet.detail()).isEqualTo("If-Match \"" + "x".repeat(39) + "... does not match the current \"v3\"");
	}

	// ---- If-Unmodified-Since

	@ParameterizedTest
	@ValueSource(strings = { "GET", "PUT", "DELETE" })
	void changeSinceIfUnmodifiedSinceFails(String method) {
		assertFailed(evaluate(method, TAG, MODIFIED, "if-unmodified-since", SECOND_BEFORE),
				"If-Unmodified-Since Wed, 01 May 2024 11:59:59 GMT is before the last modification, at "
						+ MODIFIED_DATE);
	}

	@Test
	void noChangeSinceIfUnmodifiedSinceGoesOn() {
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-unmodified-since", MODIFIED_DATE)).isNull();
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-unmodified-since", SECOND_AFTER)).isNull();
	}

	@Test
	void invalidIfUnmodifiedSinceIsIgnored() {
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-unmodified-since", "a while ago")).isNull();
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-unmodified-since", SECOND_BEFORE + ", " + SECOND_BEFORE))
			.isNull();
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-unmodified-since", SECOND_BEFORE, "if-unmodified-since",
				SECOND_BEFORE))
			.isNull();
	}

	@Test
	void ifUnmodifiedSinceIsIgnoredBesideIfMatch() {
		assertThat(evaluate("PUT", TAG, MODIFIED, "if-match", TAG, "if-unmodified-since", SECOND_BEFORE)).isNull();
	}

	@Test
	void ifUnmodifiedSinceIsIgnoredWithoutALastModification() {
		assertThat(evaluate("PUT", TAG, null, "if-unmodified-since", SECOND_BEFORE)).isNull();
	}

	// ---- precedence

	@Test
	void failedIfMatchComesBeforeIfNoneMatch() {
		assertThat(evaluate("GET", TAG, MODIFIED, "if-match", "\"v2\"", "if-none-match", TAG).detail())
			.startsWith("If-Match");
		assertThat(evaluate("GET", TAG, MODIFIED, "if-unmodified-since", SECOND_BEFORE, "if-none-match", TAG).detail())
			.startsWith("If-Unmodified-Since");
	}

	@Test
	void ifNoneMatchIsEvaluatedOnceIfMatchHolds() {
		assertNotModified(evaluate("GET", TAG, MODIFIED, "if-match", TAG, "if-none-match", TAG));
		assertNotModified(evaluate("GET", TAG, MODIFIED, "if-unmodified-since", MODIFIED_DATE, "if-modified-since",
				MODIFIED_DATE));
	}

	// ---- If-Range

	@Test
	void rangeWithoutIfRangeApplies() {
		assertThat(ifRange(TAG, MODIFIED)).isTrue();
		assertThat(ifRange(null, null)).isTrue();
	}

	@Test
	void ifRangeWithTheCurrentStrongTagApplies() {
		assertThat(ifRange(TAG, MODIFIED, "if-range", TAG)).isTrue();
		assertThat(ifRange(TAG, MODIFIED, "if-range", " " + TAG + "\t")).isTrue();
		assertThat(ifRange(TAG, MODIFIED, "if-range", "\"v2\"")).isFalse();
	}

	@Test
	void ifRangeWithAWeakTagNeverApplies() {
		assertThat(ifRange(TAG, MODIFIED, "if-range", WEAK_TAG)).isFalse();
		assertThat(ifRange(WEAK_TAG, MODIFIED, "if-range", WEAK_TAG)).isFalse();
		assertThat(ifRange(WEAK_TAG, MODIFIED, "if-range", TAG)).isFalse();
	}

	@Test
	void ifRangeWithTheExactLastModificationApplies() {
		assertThat(ifRange(TAG, MODIFIED, "if-range", MODIFIED_DATE)).isTrue();
		assertThat(ifRange(TAG, MODIFIED, "if-range", "Wed May  1 12:00:00 2024")).isTrue();
		assertThat(ifRange(TAG, MODIFIED, "if-range", SECOND_AFTER)).isFalse();
		assertThat(ifRange(TAG, MODIFIED, "if-range", SECOND_BEFORE)).isFalse();
	}

	@ParameterizedTest
	@ValueSource(strings = { "v3", "\"v3\", \"v2\"", "\"v3\" x", "*", "yesterday", "" })
	void malformedIfRangeNeverApplies(String field) {
		assertThat(ifRange(TAG, MODIFIED, "if-range", field)).isFalse();
	}

	@Test
	void ifRangeWithALastModificationWithinTheSecondOfTheResponseNeverApplies() {
		String date = HttpDates.format(MODIFIED);
		assertThat(Preconditions.ifRange(headers("if-range", date), TAG, MODIFIED, MODIFIED.plusMillis(100))).isFalse();
		assertThat(Preconditions.ifRange(headers("if-range", date), TAG, MODIFIED, MODIFIED.plusMillis(249))).isFalse();
		assertThat(Preconditions.ifRange(headers("if-range", date), TAG, MODIFIED, MODIFIED.plusSeconds(1))).isTrue();
		// An entity tag is strong however recent the change.
		assertThat(Preconditions.ifRange(headers("if-range", TAG), TAG, MODIFIED, MODIFIED)).isTrue();
	}

	@Test
	void ifRangeAboutAValidatorTheRepresentationLacksNeverApplies() {
		assertThat(ifRange(null, MODIFIED, "if-range", TAG)).isFalse();
		assertThat(ifRange(TAG, null, "if-range", MODIFIED_DATE)).isFalse();
	}

	@Test
	void ifRangeSentTwiceNeverApplies() {
		assertThat(ifRange(TAG, MODIFIED, "if-range", TAG, "if-range", TAG)).isFalse();
	}

	// ----

	private static Preconditions.Unmet evaluate(String method, String etag, Instant lastModified, String... headers) {
		return Preconditions.evaluate(method, headers(headers), etag, lastModified);
	}

	private static boolean ifRange(String etag, Instant lastModified, String... headers) {
		return Preconditions.ifRange(headers(headers), etag, lastModified, Instant.now());
	}

	private static HttpHeaders headers(String... namesAndValues) {
		// Unvalidated, so that a value may keep whitespace around it, as a decoder may
		// hand it over.
		HttpHeaders headers = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
		for (int i = 0; i < namesAndValues.length; i += 2) {
			headers.add(namesAndValues[i], namesAndValues[i + 1]);
		}
		return headers;
	}

	private static void assertNotModified(Preconditions.Unmet unmet) {
		assertThat(unmet).isSameAs(Preconditions.Unmet.NOT_MODIFIED);
	}

	private static void assertFailed(Preconditions.Unmet unmet, String detail) {
		assertThat(unmet).isNotNull();
		assertThat(unmet.status()).isEqualTo(412);
		assertThat(unmet.detail()).isEqualTo(detail);
	}

}
