package dev.fastro.demo;

import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.Dispatcher;
import dev.fastro.router.RouteCacheStats;
import dev.fastro.test.RawHttp;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A flood of distinct paths that all match a parameter route, the worst case for a route cache,
 * cannot grow the cache past its bound nor push out the paths that are really in use: Caffeine's
 * W-TinyLFU admits a newcomer only if it is likely to be used more than what it would evict. The hot
 * paths come back only once every 2,000 random ones, twice the cache's size, so a least-recently-used
 * or first-in-first-out cache would have evicted them each time.
 */
@SpringBootTest(classes = DemoApplication.class,
		properties = { "fastro.server.port=0", "fastro.router.cache.max-size=1000" })
class RouteCacheUnderAttackTest {

	private static final int RANDOM_PATHS = 200_000;

	private static final int BATCH = 1_000;

	private static final List<String> HOT = List.of("/user/1", "/user/2", "/user/3", "/users/1", "/users/2");

	@LocalFastroPort
	int port;

	@Autowired
	Dispatcher dispatcher;

	@Test
	void randomPathsNeitherGrowTheCacheNorEvictTheHotRoutes() throws IOException {
		SplittableRandom random = new SplittableRandom(42);
		try (RawHttp raw = new RawHttp(this.port)) {
			for (int sent = 0; sent < RANDOM_PATHS; sent += BATCH) {
				StringBuilder batch = new StringBuilder();
				boolean withHot = (sent / BATCH) % 2 == 0;
				if (withHot) {
					HOT.forEach(path -> batch.append(rawRequest("GET", path)));
				}
				for (int i = 0; i < BATCH; i++) {
					batch.append(rawRequest("GET", "/user/" + Long.toHexString(random.nextLong())));
				}
				raw.send(batch.toString());
				for (int i = 0; i < BATCH + (withHot ? HOT.size() : 0); i++) {
					assertThat(raw.read().status()).isEqualTo(200);
				}
			}
			RouteCacheStats before = stats();
			assertThat(before.size()).isLessThanOrEqualTo(1000);
			assertThat(before.misses()).isGreaterThanOrEqualTo(RANDOM_PATHS);
			for (String path : HOT) {
				assertThat(raw.send(rawRequest("GET", path)).read().status()).isEqualTo(200);
			}
			RouteCacheStats after = stats();
			assertThat(after.hits() - before.hits()).as("hot paths still served from the cache").isEqualTo(HOT.size());
			assertThat(after.misses()).isEqualTo(before.misses());
		}
	}

	private RouteCacheStats stats() {
		return this.dispatcher.router().cacheStats();
	}

}
