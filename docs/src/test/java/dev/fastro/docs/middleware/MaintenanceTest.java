package dev.fastro.docs.middleware;

import dev.fastro.docs.middleware.MiddlewareSamples.SwitchableWindow;
import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** "Answering alone" of the Middleware page. */
@FastroTest
class MaintenanceTest {

	@Autowired
	FastroTestClient client;

	@Autowired
	SwitchableWindow window;

	@AfterEach
	void close() {
		this.window.open.set(false);
	}

	@Test
	void duringMaintenanceTheMiddlewareAnswersAndTheHandlerDoesNotRun() {
		this.window.open.set(true);
		int handled = this.window.handled.get();
		assertThat(this.client.get("/orders").exchange()).hasStatus(503)
			.hasHeader("retry-after", "600")
			.hasBody("Down for maintenance");
		assertThat(this.client.get("/nowhere").exchange()).hasStatus(503);
		assertThat(this.window.handled).hasValue(handled);
		assertThat(this.client.get("/status").exchange()).hasStatus(200).hasBody("maintenance");
	}

	@Test
	void otherwiseItGoesOn() {
		assertThat(this.client.get("/orders").exchange()).hasStatus(200).hasBody("orders");
		assertThat(this.client.get("/status").exchange()).hasBody("up");
	}

}
