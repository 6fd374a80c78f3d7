package dev.fastro.docs.ratelimit;

import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every rule of "Limiting requests" of the Rate limiting page. */
class LoginLimitsTest {

	private final FastroTestClient client = FastroTestClient.bindTo(new LoginLimits().limitedRoutes());

	@Test
	void fiveLoginsPassAndTheSixthIsA429SayingWhenToComeBack() {
		for (int i = 1; i <= 5; i++) {
			assertThat(this.client.post("/login").exchange()).hasStatus(200)
				.hasBody("welcome")
				.hasHeader("ratelimit-policy", "\"login\";q=5;w=60");
		}
		TestResponse refused = this.client.post("/login").exchange();
		assertThat(refused).hasStatus(429).hasHeader("ratelimit-policy", "\"login\";q=5;w=60");
		assertThat(refused.header("ratelimit")).matches("\"login\";r=0;t=\\d+");
		assertThat(refused.header("retry-after")).matches("\\d+");
		assertThat(refused.problem().detail()).startsWith("Rate limit 'login' of 5 requests in 60 seconds exceeded");
	}

	@Test
	void eachApiKeyHasItsOwnBucket() {
		for (String key : new String[] { "alice", "bob" }) {
			assertThat(this.client.get("/api/orders").header("x-api-key", key).exchange()).hasStatus(200)
				.hasHeader("ratelimit-policy", "\"api\";q=20;w=2")
				.hasHeader("ratelimit", "\"api\";r=19;t=1");
		}
		assertThat(this.client.get("/api/orders").exchange()).hasStatus(200).hasHeader("ratelimit", "\"api\";r=19;t=1");
	}

}
