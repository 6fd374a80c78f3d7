package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class WrkOutputTest {

	@Test
	void readsTheDoneHookLineOfARealRun() throws IOException {
		WrkResult result = WrkOutput.parse(resource("post-json.txt"));
		assertThat(result.requests()).isEqualTo(1424);
		assertThat(result.durationMicros()).isEqualTo(1_010_779);
		assertThat(result.throughput()).isCloseTo(1408.81, within(0.01));
		assertThat(result.latencyMeanMicros()).isEqualTo(55_471.45);
		assertThat(result.latencyP95Micros()).isEqualTo(312_182);
		assertThat(result.bytes()).isEqualTo(163_760);
		assertThat(result.valid()).isTrue();
		assertThat(result.problem()).isEmpty();
	}

	@Test
	void errorAnswersMakeARunInvalid() throws IOException {
		WrkResult result = WrkOutput.parse(resource("not-found.txt"));
		assertThat(result.non2xx()).isEqualTo(19_507);
		assertThat(result.valid()).isFalse();
		assertThat(result.problem()).isEqualTo("19507 non-2xx answers");
	}

	@Test
	void socketErrorsMakeARunInvalid() {
		WrkResult result = WrkOutput.parse("FASTRO_WRK requests=100 duration_us=1000000 latency_mean_us=5.00 "
				+ "latency_p95_us=9 errors_connect=3 errors_read=1 errors_write=0 errors_timeout=2 errors_status=0 bytes=12300\n");
		assertThat(result.socketErrors()).isEqualTo(6);
		assertThat(result.valid()).isFalse();
		assertThat(result.problem()).isEqualTo("6 socket errors (connect 3, read 1, write 0, timeout 2)");
	}

	@Test
	void aRunWithNoAnswersIsInvalid() {
		WrkResult result = WrkOutput.parse("FASTRO_WRK requests=0 duration_us=1000000 latency_mean_us=0.00 "
				+ "latency_p95_us=0 errors_connect=0 errors_read=0 errors_write=0 errors_timeout=0 errors_status=0 bytes=0");
		assertThat(result.valid()).isFalse();
		assertThat(result.throughput()).isZero();
		assertThat(result.problem()).isEqualTo("no requests completed");
	}

	@Test
	void outputWithoutTheHookLineIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WrkOutput.parse("unable to connect to 127.0.0.1:1 Connection refused\n"))
			.withMessageContaining("no FASTRO_WRK line");
	}

	@Test
	void aMissingFieldIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> WrkOutput.parse("FASTRO_WRK requests=1 duration_us=1"))
			.withMessageContaining("no latency_mean_us");
	}

	private static String resource(String name) throws IOException {
		try (InputStream in = WrkOutputTest.class.getResourceAsStream("/wrk/" + name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
