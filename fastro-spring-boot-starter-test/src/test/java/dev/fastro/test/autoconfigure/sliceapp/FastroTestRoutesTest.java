package dev.fastro.test.autoconfigure.sliceapp;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@link FastroTest} of chosen routes keeps those, and the global middleware and
 * exception handlers, but not the other routes.
 */
// An application without security, though Spring Security is on this module's class path.
@FastroTest(routes = OtherRoutes.class, properties = "fastro.security.enabled=false")
class FastroTestRoutesTest {

	@Autowired
	FastroTestClient client;

	@Test
	void servesOnlyTheChosenRoutes() {
		assertThat(this.client.get("/other").exchange()).hasStatus(200).hasHeader("x-powered-by", "fastro");
		assertThat(this.client.get("/greet/ada").exchange()).hasStatus(404);
	}

}
