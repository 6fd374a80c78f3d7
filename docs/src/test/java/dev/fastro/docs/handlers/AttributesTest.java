package dev.fastro.docs.handlers;

import dev.fastro.docs.handlers.Attributes.User;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "Typed attributes" of the Handlers page. */
class AttributesTest {

	private final FastroTestClient client = FastroTestClient
		.bindTo(new Attributes().accountRoutes((token) -> "Bearer ada".equals(token) ? new User("Ada", true) : null));

	@Test
	void middlewareHandsTheUserToTheHandler() {
		assertThat(this.client.get("/account").header("authorization", "Bearer ada").exchange())
			.hasJsonBody("{\"name\":\"Ada\",\"admin\":true}");
		assertThat(this.client.get("/account/greeting").header("authorization", "Bearer ada").exchange())
			.hasBody("Hello Ada");
		assertThat(this.client.get("/account/greeting").exchange()).isProblem(401, "Sign in first");
	}

}
