package dev.fastro.router;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RouterCacheTest {

	private static Router<String> router(boolean cached, long maxSize) {
		return Router.<String>builder()
				.cache(cached, maxSize)
				.add("GET", "/static", "static")
				.add("GET", "/users/:id", "user")
				.add("POST", "/users/:id", "post user")
				.build();
	}

	@Test
	void returnsTheCachedMatchOnTheSecondLookup() {
		Router<String> router = router(true, 100);

		RouteMatch<String> first = router.find("GET", "/users/7");
		RouteMatch<String> second = router.find("GET", "/users/7");

		assertThat(second).isSameAs(first);
		assertThat(second.param("id")).isEqualTo("7");
		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(1, 1, 1));
	}

	@Test
	void keysByMethodAndPath() {
		Router<String> router = router(true, 100);

		router.find("GET", "/users/7");
		RouteMatch<String> post = router.find("POST", "/users/7");

		assertThat(post.target()).isEqualTo("post user");
		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 2, 2));
	}

	@Test
	void neitherCachesNorCountsStaticRoutes() {
		Router<String> router = router(true, 100);

		RouteMatch<String> first = router.find("GET", "/static");
		RouteMatch<String> second = router.find("GET", "/static");

		assertThat(second).isSameAs(first);
		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 0, 0));
	}

	@Test
	void doesNotCacheMisses() {
		Router<String> router = router(true, 100);

		assertThat(router.find("GET", "/users/7/x")).isNull();
		assertThat(router.find("GET", "/users/7/x")).isNull();

		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 2, 0));
	}

	@Test
	void doesNotCacheMalformedPaths() {
		Router<String> router = router(true, 100);

		assertThatThrownBy(() -> router.find("GET", "/users/%zz")).isInstanceOf(MalformedPathException.class);
		assertThatThrownBy(() -> router.find("GET", "/users/%zz")).isInstanceOf(MalformedPathException.class);

		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 2, 0));
	}

	@Test
	void staysWithinItsBoundAndKeepsHotEntriesUnderAFlood() {
		Router<String> router = router(true, 100);
		for (int i = 0; i < 20; i++) {
			router.find("GET", "/users/hot");
		}

		for (int i = 0; i < 5_000; i++) {
			assertThat(router.find("GET", "/users/" + i).param("id")).isEqualTo(Integer.toString(i));
			if (i % 100 == 0) {
				router.find("GET", "/users/hot");
			}
		}
		long hits = router.cacheStats().hits();
		router.find("GET", "/users/hot");

		RouteCacheStats stats = router.cacheStats();
		assertThat(stats.size()).isPositive().isLessThanOrEqualTo(100);
		assertThat(stats.hits()).isEqualTo(hits + 1);
	}

	@Test
	void givesTheSameAnswersWithoutCacheAndCountsNothing() {
		Router<String> router = router(false, 100);

		RouteMatch<String> first = router.find("GET", "/users/7");
		RouteMatch<String> second = router.find("GET", "/users/7");

		assertThat(second).isNotSameAs(first);
		assertThat(second.route()).isEqualTo(first.route());
		assertThat(second.param("id")).isEqualTo("7");
		assertThat(router.find("GET", "/static").target()).isEqualTo("static");
		assertThat(router.find("GET", "/nothing")).isNull();
		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 0, 0));
	}

	@Test
	void appliesTheBoundPerMethod() {
		Router<String> router = router(true, 1);

		router.find("GET", "/users/1");
		router.find("POST", "/users/1");

		assertThat(router.cacheStats().size()).isEqualTo(2);
	}
}
