package dev.fastro.http.internal;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ContentNegotiationTest {

	private static final List<String> STREAM_TYPES = List.of("application/json", "application/x-ndjson");

	@ParameterizedTest(name = "Accept: {0} -> {1}")
	@CsvSource(delimiter = '|', nullValues = "null", textBlock = """
			null                                           | null
			''                                             | null
			text/html                                      | null
			application/x-ndjson;q=0                       | null
			*/*                                            | application/json
			application/*                                  | application/json
			application/x-ndjson                           | application/x-ndjson
			APPLICATION/X-NDJSON ; Q=1                     | application/x-ndjson
			application/json, application/x-ndjson         | application/json
			application/x-ndjson, application/json         | application/json
			application/x-ndjson, */*                      | application/x-ndjson
			application/x-ndjson, application/*            | application/x-ndjson
			application/x-ndjson;q=0, */*                  | application/json
			application/x-ndjson;q=0.5, */*                | application/json
			*/*;q=0.1, application/x-ndjson;q=0.2          | application/x-ndjson
			application/*;q=0, application/x-ndjson        | application/x-ndjson
			application/x-ndjson;charset=utf-8;q=0.9, application/json;q=0.8 | application/x-ndjson
			application/x-ndjson;q=nope, application/json;q=0.1 | application/json
			application/x-ndjson;q=2, application/json;q=0.1 | application/json
			application/x-ndjson-seq, application/jsonx    | null
			application/*+json                             | application/json
			application/*+json, application/x-ndjson       | application/x-ndjson
			text/*, application/*+xml                      | null
			""")
	void choosesTheMediaTypeTheClientPrefers(String accept, String chosen) {
		List<String> header = (accept != null) ? List.of(accept) : List.of();
		assertThat(ContentNegotiation.choose(header, STREAM_TYPES, ContentNegotiation.MEDIA_RANGES)).isEqualTo(chosen);
	}

	@Test
	void readsEveryLineOfTheHeader() {
		assertThat(ContentNegotiation.choose(List.of("application/x-ndjson;q=0.5", "application/json"), STREAM_TYPES,
				ContentNegotiation.MEDIA_RANGES))
			.isEqualTo("application/json");
		assertThat(ContentNegotiation.choose(List.of("text/html", "application/x-ndjson"), STREAM_TYPES,
				ContentNegotiation.MEDIA_RANGES))
			.isEqualTo("application/x-ndjson");
	}

}
