package dev.fastro.security.internal;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which endpoint a path or route pattern is under, as Spring Boot's
 * {@code EndpointRequest} matches endpoints.
 */
class EndpointPathsTest {

	private final EndpointPaths paths = new EndpointPaths("/actuator",
			Map.of("health", "/actuator/health", "env", "/actuator/env", "envdetails", "/actuator/env/details"));

	@Test
	void anEndpointIsItsPathAndEveryPathUnderIt() {
		assertThat(this.paths.endpointOf("/actuator/health")).isEqualTo("health");
		assertThat(this.paths.endpointOf("/actuator/health/liveness")).isEqualTo("health");
		assertThat(this.paths.endpointOf("/actuator/health/{*path}")).isEqualTo("health");
		assertThat(this.paths.endpointOf("/actuator/healthz")).isNull();
		assertThat(this.paths.endpointOf("/health")).isNull();
	}

	@Test
	void theLinksPageIsTheBasePath() {
		assertThat(this.paths.endpointOf("/actuator")).isEqualTo(EndpointPaths.LINKS);
		assertThat(this.paths.endpointOf("/actuator/")).isEqualTo(EndpointPaths.LINKS);
		assertThat(new EndpointPaths(null, Map.of("health", "/health")).endpointOf("/")).isNull();
	}

	@Test
	void anEndpointMappedUnderAnotherIsTheCloser() {
		assertThat(this.paths.endpointOf("/actuator/env/details/x")).isEqualTo("envdetails");
		assertThat(this.paths.endpointOf("/actuator/env/java.version")).isEqualTo("env");
		// Whatever order the map is walked in.
		EndpointPaths nested = new EndpointPaths(null, Map.of("a", "/a", "b", "/a/b", "c", "/a/b/c", "d", "/a/b/c/d"));
		assertThat(nested.endpointOf("/a/b/c/d/x")).isEqualTo("d");
		assertThat(nested.endpointOf("/a/b/c/x")).isEqualTo("c");
		assertThat(nested.endpointOf("/a/b/x")).isEqualTo("b");
		assertThat(nested.endpointOf("/a/x")).isEqualTo("a");
	}

}
