package dev.fastro.demo;

import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.RawHttp;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.util.unit.DataSize;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A flood of distinct paths 2 to 4 KB long that all match a parameter route, the worst
 * case for a route cache, cannot grow the cache past its bound nor push out the paths
 * that are really in use: Caffeine's W-TinyLFU admits a newcomer only if it is likely to
 * be used more than what it would evict. The cache is bounded by the bytes its entries
 * retain, so it holds only several hundred of these long paths, and the hot paths come
 * back only once every 2,000 random ones: a least-recently-used or first-in-first-out
 * cache would have evicted them each time. The cache is off by default; this test turns
 * it on.
 */
@SpringBootTest(classes = DemoApplication.class, properties = { "fastro.server.port=0",
		"fastro.router.cache.enabled=true", "fastro.router.cache.max-size=" + RouteCacheUnderAttackTest.BOUND })
class RouteCacheUnderAttackTest {

	static final String BOUND = "4MB";

	private static final int RANDOM_PATHS = 50_000;

	private static final int HOT_EVERY = 2_000;

	/**
	 * Small enough that a batch of requests and its answers fit in the sockets' buffers.
	 */
	private static final int BATCH = 100;

	/**
	 * The longest path that fits the default 4 KB request line with the method and
	 * version.
	 */
	private static final int MAX_PATH = 4_000;

	private static final int MIN_PATH = MAX_PATH / 2;

	private static final List<String> HOT = List.of("/user/1", "/user/2", "/user/3", "/users/1", "/users/2");

	@LocalFastroPort
	int port;

	@Autowired
	MeterRegistry meters;

	@Test
	void randomPathsNeitherGrowTheCacheNorEvictTheHotRoutes() throws IOException {
		SplittableRandom random = new SplittableRandom(42);
		try (RawHttp raw = new RawHttp(this.port)) {
			for (int sent = 0; sent < RANDOM_PATHS; sent += BATCH) {
				StringBuilder batch = new StringBuilder();
				boolean withHot = sent % HOT_EVERY == 0;
				if (withHot) {
					HOT.forEach(path -> batch.append(rawRequest("GET", path)));
				}
				for (int i = 0; i < BATCH; i++) {
					batch.append(rawRequest("GET", randomPath(random)));
				}
				raw.send(batch.toString());
				for (int i = 0; i < BATCH + (withHot ? HOT.size() : 0); i++) {
					assertThat(raw.read().status()).isEqualTo(200);
				}
			}
			CacheStats before = stats();
			long bound = DataSize.parse(BOUND).toBytes();
			assertThat(before.weight()).isLessThanOrEqualTo(bound);
			// Whatever the estimate, an entry retains at least its path and the id, a
			// byte a character each.
			assertThat(before.size() * 2 * (MIN_PATH - "/user/".length())).isLessThanOrEqualTo(bound);
			assertThat(before.misses()).isGreaterThanOrEqualTo(RANDOM_PATHS);
			for (String path : HOT) {
				assertThat(raw.send(rawRequest("GET", path)).read().status()).isEqualTo(200);
			}
			CacheStats after = stats();
			assertThat(after.hits() - before.hits()).as("hot paths still served from the cache").isEqualTo(HOT.size());
			assertThat(after.misses()).isEqualTo(before.misses());
		}
	}

	/**
	 * A path of the parameter route /user/:id, of random length, unique by its random
	 * prefix.
	 */
	private static String randomPath(SplittableRandom random) {
		String path = "/user/" + Long.toHexString(random.nextLong());
		return path + "x".repeat(random.nextInt(MIN_PATH, MAX_PATH + 1) - path.length());
	}

	/** The cache's statistics, as its meters publish them. */
	private CacheStats stats() {
		return new CacheStats(count("hit"), count("miss"),
				(long) this.meters.get("fastro.router.cache.size").gauge().value(),
				(long) this.meters.get("fastro.router.cache.weight").gauge().value());
	}

	private long count(String result) {
		return (long) this.meters.get("fastro.router.cache.gets").tag("result", result).functionCounter().count();
	}

	private record CacheStats(long hits, long misses, long size, long weight) {
	}

}
