package dev.fastro.http;

import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The validators a {@link Response} carries, as they are sent.
 */
class ResponseTest {

	@Test
	void sendsAnEntityTagQuoted() {
		assertThat(Response.ok("x").etag("abc").headers()).containsExactly(Map.entry("etag", "\"abc\""));
		assertThat(Response.ok("x").etag("\"abc\"").etag()).isEqualTo("\"abc\"");
		assertThat(Response.ok("x").etag("W/\"abc\"").etag()).isEqualTo("W/\"abc\"");
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "a b", "a\"b", "\"abc", "W/\"abc", "a\r\nset-cookie: x=1" })
	void refusesAMalformedEntityTag(String tag) {
		assertThatIllegalArgumentException().isThrownBy(() -> Response.ok("x").etag(tag));
	}

	@Test
	void sendsTheLastModificationAsAnHttpDateToTheSecond() {
		Response response = Response.ok("x").lastModified(Instant.parse("1994-11-06T08:49:37.999Z"));
		assertThat(response.headers()).containsExactly(Map.entry("last-modified", "Sun, 06 Nov 1994 08:49:37 GMT"));
		assertThat(response.lastModified()).isEqualTo("1994-11-06T08:49:37Z");
	}

	@Test
	void sendsALastModificationInTheFutureAsNow() {
		Instant before = Instant.now().minusSeconds(1);
		Instant sent = Response.ok("x").lastModified(Instant.now().plusSeconds(3600)).lastModified();
		assertThat(sent).isBetween(before, Instant.now());
	}

	@Test
	void validatorReplacesTheOneGivenBeforeAndKeepsTheOtherHeaders() {
		Response response = Response.ok("x")
			.header("ETag", "\"old\"")
			.header("x-one", "1")
			.etag("v1")
			.lastModified(Instant.parse("2024-05-01T12:00:00Z"))
			.etag("v2")
			.header("x-two", "2")
			.body("y");
		assertThat(response.headers()).containsExactly(Map.entry("x-one", "1"),
				Map.entry("last-modified", "Wed, 01 May 2024 12:00:00 GMT"), Map.entry("etag", "\"v2\""),
				Map.entry("x-two", "2"));
		assertThat(response.etag()).isEqualTo("\"v2\"");
		assertThat(response.lastModified()).isEqualTo("2024-05-01T12:00:00Z");
		assertThat(response.body()).isEqualTo("y");
	}

	@Test
	void noValidatorAddsNothing() {
		Response response = Response.ok("x").etag(null).lastModified(null);
		assertThat(response.headers()).isEmpty();
		assertThat(response.etag()).isNull();
		assertThat(response.lastModified()).isNull();
	}

}
