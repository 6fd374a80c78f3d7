package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * h2load's summary read into the harness's results, from real runs captured on this
 * machine (h2load 1.52.0 against the perf module's native server).
 */
class H2loadOutputTest {

	@Test
	void readsTheSummaryOfARealRun() throws IOException {
		String output = resource("json-h2c.txt");
		WrkResult result = H2loadOutput.parse(output);
		assertThat(result.requests()).isEqualTo(1531);
		assertThat(result.durationMicros()).isEqualTo(1_000_000);
		assertThat(result.latencyMeanMicros()).isEqualTo(6_500.0);
		assertThat(result.latencyP95Micros()).isEqualTo(-1);
		assertThat(result.bytes()).isEqualTo(100_015);
		assertThat(result.valid()).isTrue();
		assertThat(H2loadOutput.applicationProtocol(output)).isEqualTo("h2c");
	}

	@Test
	void errorAnswersMakeARunInvalid() throws IOException {
		String output = resource("not-found-h2.txt");
		WrkResult result = H2loadOutput.parse(output);
		assertThat(result.non2xx()).isEqualTo(1323);
		assertThat(result.valid()).isFalse();
		assertThat(result.problem()).isEqualTo("1323 non-2xx answers");
		assertThat(H2loadOutput.applicationProtocol(output)).isEqualTo("h2");
	}

	@Test
	void failedStreamsMakeARunInvalidAndTimeoutsAreCountedApart() {
		WrkResult result = H2loadOutput.parse("""
				finished in 1.00s, 95.00 req/s, 10.00KB/s
				requests: 100 total, 100 started, 100 done, 95 succeeded, 5 failed, 5 errored, 2 timeout
				status codes: 95 2xx, 0 3xx, 0 4xx, 0 5xx
				traffic: 10.00KB (10240) total, 1.00KB (1024) headers (space savings 90.00%), 5.00KB (5120) data
				""");
		assertThat(result.requests()).isEqualTo(100);
		assertThat(result.durationMicros()).isEqualTo(1_000_000);
		assertThat(result.readErrors()).isEqualTo(3);
		assertThat(result.timeouts()).isEqualTo(2);
		assertThat(result.latencyMeanMicros()).isNaN();
		assertThat(result.valid()).isFalse();
		assertThat(result.problem()).isEqualTo("5 socket errors (connect 0, read 3, write 0, timeout 2)");
	}

	@Test
	void redirectsAreNotSuccessHere() {
		WrkResult result = H2loadOutput.parse("""
				finished in 512.25ms, 100.00 req/s, 1.00KB/s
				requests: 50 total, 50 started, 50 done, 50 succeeded, 0 failed, 0 errored, 0 timeout
				status codes: 40 2xx, 10 3xx, 0 4xx, 0 5xx
				traffic: 1.00KB (1024) total, 512B (512) headers (space savings 90.00%), 100B (100) data
				""");
		assertThat(result.durationMicros()).isEqualTo(512_250);
		assertThat(result.non2xx()).isEqualTo(10);
		assertThat(result.valid()).isFalse();
	}

	@Test
	void outputWithoutTheSummaryIsRefused() {
		String refused = "starting benchmark...\nspawning thread #0: 1 total client(s). 1 total requests\n"
				+ "client could not connect to host\n";
		assertThatIllegalArgumentException().isThrownBy(() -> H2loadOutput.parse(refused))
			.withMessageContaining("no 'finished in' line in h2load output");
		assertThat(H2loadOutput.applicationProtocol(refused)).isNull();
	}

	private static String resource(String name) throws IOException {
		try (InputStream in = H2loadOutputTest.class.getResourceAsStream("/h2load/" + name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
