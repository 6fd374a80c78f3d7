package dev.fastro.docs.middleware;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** "Once the result is final" of the Middleware page. */
@FastroTest
@ExtendWith(OutputCaptureExtension.class)
class TimingTest {

	@Autowired
	FastroTestClient client;

	@Test
	void aPlainValueIsFinalAtOnce(CapturedOutput output) {
		assertThat(this.client.get("/now").exchange()).hasStatus(201);
		assertThat(output).containsPattern("GET /now answered in \\d+ µs");
	}

	@Test
	void aMonoOrAFluxIsFinalOnceItCompletes(CapturedOutput output) {
		assertThat(this.client.get("/later").exchange()).hasBody("later");
		assertThat(this.client.get("/stream").exchange()).hasBody("[1,2,3]");
		assertThat(output).containsPattern("GET /later answered in \\d+ µs")
			.containsPattern("GET /stream answered in \\d+ µs");
		assertThat(this.client.get("/later-failing").exchange()).hasStatus(409);
		assertThat(output).containsPattern("GET /later-failing failed in \\d+ µs");
	}

	@Test
	void anExceptionThrownAtOnceIsCaught(CapturedOutput output) {
		assertThat(this.client.get("/failing").exchange()).hasStatus(409);
		assertThat(output).containsPattern("GET /failing failed in \\d+ µs");
		assertThat(this.client.get("/nowhere").exchange()).hasStatus(404);
		assertThat(output).containsPattern("GET /nowhere failed in \\d+ µs");
	}

	@Test
	void theStatusOfAResponseIsNotYetTheContextsWhenTheValueIsFinal() {
		assertThat(this.client.get("/status-seen").exchange()).hasStatus(201).hasHeader("x-status-seen", "200");
	}

}
