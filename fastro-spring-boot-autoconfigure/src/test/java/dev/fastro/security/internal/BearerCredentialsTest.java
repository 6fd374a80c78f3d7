package dev.fastro.security.internal;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bearer tokens read as Spring Security's {@code DefaultBearerTokenResolver} reads them:
 * {@code ^Bearer (?<token>[a-zA-Z0-9-._~+/]+=*)$}, its scheme in any case.
 */
class BearerCredentialsTest {

	@ParameterizedTest
	@ValueSource(strings = { "Bearer abc", "bearer abc", "BEARER abc", "Bearer a-b.c_d~e+f/g", "Bearer abc==",
			"Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZGEifQ." })
	void takesAB64Token(String authorization) {
		assertThat(BearerCredentials.isBearer(authorization)).isTrue();
		assertThat(BearerCredentials.token(authorization)).isEqualTo(authorization.substring(7));
	}

	@ParameterizedTest
	@ValueSource(strings = { "Bearer", "Bearer ", "Bearer a b", "Bearer  abc", "Bearer abc ", "Bearer a=b", "Bearer ==",
			"Bearer a\tb", "Bearerabc", "Bearer ab\u00e9" })
	void refusesAnythingElse(String authorization) {
		assertThat(BearerCredentials.isBearer(authorization)).isTrue();
		assertThat(BearerCredentials.token(authorization)).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "Basic dXNlcjpwYXNz", "Token abc", "Bear abc", "" })
	void leavesOtherSchemesAlone(String authorization) {
		assertThat(BearerCredentials.isBearer(authorization)).isFalse();
	}

}
