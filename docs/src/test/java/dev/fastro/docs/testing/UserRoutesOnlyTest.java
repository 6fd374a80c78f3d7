package dev.fastro.docs.testing;

import java.util.Optional;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;

/**
 * {@code @FastroTest(UserRoutes.class)} keeps those routes and the global middleware,
 * leaves out the other routes, the other components and the server.
 */
@FastroTest(UserRoutes.class)
class UserRoutesOnlyTest {

	@Autowired
	FastroTestClient client;

	@Autowired
	ApplicationContext context;

	@MockitoBean
	UserDirectory users;

	@Test
	void servesTheChosenRoutesAndTheGlobalMiddleware() {
		given(this.users.find(1)).willReturn(Optional.of(new User(1, "Ada")));
		assertThat(this.client.get("/users/1").exchange()).hasStatus(200)
			.hasHeader("x-content-type-options", "nosniff");
		assertThat(this.client.get("/").exchange()).isProblem(404, "No route for GET /")
			.hasHeader("x-content-type-options", "nosniff");
	}

	@Test
	void leavesOutOtherComponentsAndTheServer() {
		assertThat(this.context.getBeansOfType(InMemoryUserDirectory.class)).isEmpty();
		assertThat(this.context.getBeansOfType(HelloRoutes.class)).isEmpty();
		assertThat(this.context.getEnvironment().containsProperty("local.fastro.port")).isFalse();
	}

}
