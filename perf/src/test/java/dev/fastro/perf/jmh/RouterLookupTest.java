package dev.fastro.perf.jmh;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.router.PathMatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.web.util.pattern.PathPattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The routers of the micro-benchmarks must agree on every request before their speed
 * means anything.
 */
class RouterLookupTest {

	private static final List<GitHubRoutes.Route> ROUTES = GitHubRoutes.load();

	@ParameterizedTest
	@ValueSource(strings = { "fastro", "fastro-nocache", "spring-pathpattern", "reactor-netty" })
	void everyRouterFindsTheSameParameters(String name) {
		assertThat(ROUTES).hasSizeGreaterThan(200);
		try (RouterLookup lookup = RouterLookup.create(name, ROUTES)) {
			assertAgreeing(name, lookup);
		}
	}

	@Test
	void fastrosRouteCacheIsOnWhereTheBenchmarkSaysSo() {
		String path = GitHubRoutes.REQUESTS.get("two-params");
		try (RouterLookup cached = RouterLookup.create("fastro", ROUTES);
				RouterLookup uncached = RouterLookup.create("fastro-nocache", ROUTES)) {
			// The cache hands out the match it holds; a tree walk makes a new one.
			assertThat(cached.find(path)).isSameAs(cached.find(path));
			assertThat(uncached.find(path)).isNotSameAs(uncached.find(path));
		}
	}

	private static void assertAgreeing(String name, RouterLookup lookup) {
		assertThat(params(lookup.find(GitHubRoutes.REQUESTS.get("static")))).isEmpty();
		assertThat(params(lookup.find(GitHubRoutes.REQUESTS.get("one-param"))))
			.containsExactly(Map.entry("username", "octocat"));
		assertThat(params(lookup.find(GitHubRoutes.REQUESTS.get("two-params"))))
			.containsExactly(Map.entry("owner", "spring-projects"), Map.entry("repo", "spring-boot"));
		Map<String, String> catchAll = params(lookup.find(GitHubRoutes.REQUESTS.get("catch-all")));
		assertThat(catchAll).containsEntry("owner", "spring-projects").containsEntry("repo", "spring-boot");
		if (!name.equals("reactor-netty")) {
			// Reactor Netty's catch-all is unnamed (see RouterLookup.ReactorNetty).
			assertThat(catchAll).hasEntrySatisfying("path",
					path -> assertThat(path).endsWith("src/main/java/org/example/Application.java"));
		}
		assertThat(lookup.find(GitHubRoutes.REQUESTS.get("miss"))).isNull();
		// A second lookup answers the same: the cache and the reused request keep nothing
		// from the first.
		assertThat(params(lookup.find(GitHubRoutes.REQUESTS.get("one-param"))))
			.containsExactly(Map.entry("username", "octocat"));
	}

	private static Map<String, String> params(Object match) {
		assertThat(match).isNotNull();
		Map<String, String> params = new LinkedHashMap<>();
		if (match instanceof PathMatch fastro) {
			for (int i = 0; i < fastro.paramCount(); i++) {
				params.put(fastro.paramName(i), fastro.paramValue(i));
			}
		}
		else if (match instanceof PathPattern.PathMatchInfo spring) {
			params.putAll(spring.getUriVariables());
		}
		else {
			@SuppressWarnings("unchecked")
			Map<String, String> reactor = (Map<String, String>) match;
			params.putAll(reactor);
		}
		return params;
	}

}
