package dev.fastro.docs.routes;

import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** "Groups" of the Routes page: a prefix, the group's middleware and a route's own. */
@ExtendWith(OutputCaptureExtension.class)
class AdminRoutesTest {

	private static final String TOKEN = "Bearer s3cret";

	private final FastroTestClient client = FastroTestClient.bindTo(new AdminRoutes().adminApi());

	@Test
	void theGroupsMiddlewareWrapsEachOfItsRoutesNestedGroupsIncluded(CapturedOutput output) {
		for (String path : new String[] { "/admin/stats", "/admin/users/7" }) {
			assertThat(this.client.get(path).exchange()).isProblem(401, "A bearer token is required");
		}
		assertThat(this.client.delete("/admin/cache").exchange()).isProblem(401, "A bearer token is required");
		assertThat(output).doesNotContain("DELETE /admin/cache");
		assertThat(this.client.get("/admin/stats").header("authorization", TOKEN).exchange())
			.hasJsonBody("{\"reports\":3}");
		assertThat(this.client.get("/admin/users/7").header("authorization", TOKEN).exchange())
			.hasJsonBody("{\"id\":\"7\"}");
	}

	@Test
	void aRoutesOwnMiddlewareRunsInsideTheGroups(CapturedOutput output) {
		assertThat(this.client.delete("/admin/cache").header("authorization", TOKEN).exchange()).hasStatus(204);
		assertThat(output).contains("DELETE /admin/cache from 127.0.0.1");
	}

	@Test
	void routesOutsideTheGroupAreNotWrapped() {
		assertThat(this.client.get("/health").exchange()).hasStatus(200).hasBody("up");
	}

}
