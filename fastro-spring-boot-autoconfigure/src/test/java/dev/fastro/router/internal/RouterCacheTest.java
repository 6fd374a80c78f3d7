package dev.fastro.router.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RouterCacheTest {

	private static Router<String> router(boolean cached, long maxBytes) {
		return Router.<String>builder()
			.cache(cached, maxBytes)
			.add("GET", "/static", "static")
			.add("GET", "/users/:id", "user")
			.add("POST", "/users/:id", "post user")
			.build();
	}

	/** Hits, misses and entries; the weight has tests of its own. */
	private static List<Long> counts(Router<String> router) {
		RouteCacheStats stats = router.cacheStats();
		return List.of(stats.hits(), stats.misses(), stats.size());
	}

	@Test
	void returnsTheCachedMatchOnTheSecondLookup() {
		Router<String> router = router(true, 100_000);

		RouteMatch<String> first = router.find("GET", "/users/7");
		RouteMatch<String> second = router.find("GET", "/users/7");

		assertThat(second).isSameAs(first);
		assertThat(second.param("id")).isEqualTo("7");
		assertThat(counts(router)).containsExactly(1L, 1L, 1L);
	}

	@Test
	void keysByMethodAndPath() {
		Router<String> router = router(true, 100_000);

		router.find("GET", "/users/7");
		RouteMatch<String> post = router.find("POST", "/users/7");

		assertThat(post.target()).isEqualTo("post user");
		assertThat(counts(router)).containsExactly(0L, 2L, 2L);
	}

	@Test
	void neitherCachesNorCountsStaticRoutes() {
		Router<String> router = router(true, 100_000);

		RouteMatch<String> first = router.find("GET", "/static");
		RouteMatch<String> second = router.find("GET", "/static");

		assertThat(second).isSameAs(first);
		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 0, 0, 0));
	}

	@Test
	void doesNotCacheMisses() {
		Router<String> router = router(true, 100_000);

		assertThat(router.find("GET", "/users/7/x")).isNull();
		assertThat(router.find("GET", "/users/7/x")).isNull();

		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 2, 0, 0));
	}

	@Test
	void doesNotCacheMalformedPaths() {
		Router<String> router = router(true, 100_000);

		assertThatThrownBy(() -> router.find("GET", "/users/%zz")).isInstanceOf(MalformedPathException.class);
		assertThatThrownBy(() -> router.find("GET", "/users/%zz")).isInstanceOf(MalformedPathException.class);

		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 2, 0, 0));
	}

	/**
	 * The hot path comes back once every {@code hotEvery} new paths, about twice as many
	 * as the bound holds, so a least-recently-used cache would have evicted it each time.
	 */
	@ParameterizedTest(name = "ids of {0} characters in {1} bytes")
	@CsvSource({ "1, 25000, 200", "4000, 256000, 50" })
	void staysWithinItsWeightAndKeepsHotEntriesUnderAFlood(int idLength, long bound, int hotEvery) {
		Router<String> router = router(true, bound);
		for (int i = 0; i < 20; i++) {
			router.find("GET", "/users/hot");
		}

		for (int i = 0; i < 5_000; i++) {
			String id = String.format("%0" + idLength + "d", i);
			assertThat(router.find("GET", "/users/" + id).param("id")).isEqualTo(id);
			if (i % hotEvery == 0) {
				router.find("GET", "/users/hot");
			}
		}
		long hits = router.cacheStats().hits();
		router.find("GET", "/users/hot");

		RouteCacheStats stats = router.cacheStats();
		assertThat(stats.weight()).isPositive().isLessThanOrEqualTo(bound);
		// Whatever the estimate, an entry retains at least its path and its value, a byte
		// a character each.
		assertThat(stats.size() * 2 * idLength).isLessThanOrEqualTo(bound);
		assertThat(stats.hits()).isEqualTo(hits + 1);
	}

	@Test
	void weighsAnEntryByItsPathAndValues() {
		Router<String> router = router(true, 100_000);

		router.find("GET", "/users/1");
		long shortEntry = router.cacheStats().weight();
		router.find("GET", "/users/" + "1".repeat(1_000));
		long longEntry = router.cacheStats().weight() - shortEntry;

		assertThat(shortEntry).isPositive();
		assertThat(longEntry - shortEntry).isGreaterThanOrEqualTo(2 * 999);
	}

	@Test
	void givesTheSameAnswersWithoutCacheAndCountsNothing() {
		Router<String> router = router(false, 100_000);

		RouteMatch<String> first = router.find("GET", "/users/7");
		RouteMatch<String> second = router.find("GET", "/users/7");

		assertThat(second).isNotSameAs(first);
		assertThat(second.route()).isEqualTo(first.route());
		assertThat(second.param("id")).isEqualTo("7");
		assertThat(router.find("GET", "/static").target()).isEqualTo("static");
		assertThat(router.find("GET", "/nothing")).isNull();
		assertThat(router.cacheStats()).isEqualTo(new RouteCacheStats(0, 0, 0, 0));
	}

	@Test
	void appliesTheBoundPerMethod() {
		Router<String> sizing = router(true, 100_000);
		sizing.find("GET", "/users/1");
		long oneEntry = sizing.cacheStats().weight();
		Router<String> router = router(true, oneEntry);

		router.find("GET", "/users/1");
		router.find("POST", "/users/1");
		router.find("GET", "/users/2");

		assertThat(router.cacheStats().size()).isEqualTo(2);
		assertThat(router.cacheStats().weight()).isEqualTo(2 * oneEntry);
	}

}
