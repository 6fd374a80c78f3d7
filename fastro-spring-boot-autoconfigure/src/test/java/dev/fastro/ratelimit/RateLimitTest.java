package dev.fastro.ratelimit;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.TimeMeter;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Requests counted against their client's bucket by {@link RateLimit} over real HTTP,
 * with a clock the tests move.
 */
class RateLimitTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0");

	@Test
	void aBurstGetsExactlyTheCapacityThen429sWithTheDraftsHeaders() {
		this.runner.withUserConfiguration(Limited.class).run((context) -> {
			int port = context.getBean(FastroServer.class).port();
			for (int i = 1; i <= 5; i++) {
				RawResponse response = call(port, "/burst");
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.bodyString()).isEqualTo("burst");
				assertThat(response.header("ratelimit-policy")).isEqualTo("\"burst\";q=5;w=60");
				// One token comes back every 12 seconds.
				assertThat(response.header("ratelimit")).isEqualTo("\"burst\";r=" + (5 - i) + ";t=" + (12 * i));
				assertThat(response.header("retry-after")).isNull();
			}
			for (int i = 0; i < 3; i++) {
				RawResponse refused = call(port, "/burst");
				assertThat(refused.status()).isEqualTo(429);
				assertThat(refused.header("retry-after")).isEqualTo("12");
				assertThat(refused.header("ratelimit-policy")).isEqualTo("\"burst\";q=5;w=60");
				assertThat(refused.header("ratelimit")).isEqualTo("\"burst\";r=0;t=60");
				assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
				assertThat(refused.bodyString()).contains("\"title\":\"Too Many Requests\"", "\"status\":429",
						"\"detail\":\"Rate limit 'burst' of 5 requests in 60 seconds exceeded; retry in 12 seconds\"",
						"\"instance\":\"/burst\"");
			}
			assertThat(context.getBean(AtomicInteger.class)).hasValue(5);
		});
	}

	@Test
	void tokensComeBackAsTheClockMoves() {
		this.runner.withUserConfiguration(Limited.class).run((context) -> {
			int port = context.getBean(FastroServer.class).port();
			ManualClock clock = context.getBean(ManualClock.class);
			for (int i = 0; i < 5; i++) {
				assertThat(call(port, "/burst").status()).isEqualTo(200);
			}
			assertThat(call(port, "/burst").status()).isEqualTo(429);
			clock.advance(Duration.ofSeconds(11));
			RawResponse early = call(port, "/burst");
			assertThat(early.status()).isEqualTo(429);
			assertThat(early.header("retry-after")).isEqualTo("1");
			clock.advance(Duration.ofSeconds(1));
			RawResponse refilled = call(port, "/burst");
			assertThat(refilled.status()).isEqualTo(200);
			assertThat(refilled.header("ratelimit")).isEqualTo("\"burst\";r=0;t=60");
			assertThat(call(port, "/burst").status()).isEqualTo(429);
			clock.advance(Duration.ofMinutes(1));
			for (int i = 0; i < 5; i++) {
				assertThat(call(port, "/burst").status()).isEqualTo(200);
			}
			assertThat(call(port, "/burst").status()).isEqualTo(429);
		});
	}

	@Test
	void eachKeyHasItsOwnBucketAndARequestWithoutOneCountsAgainstItsAddress() {
		this.runner.withUserConfiguration(Limited.class).run((context) -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(statuses(port, "/keys", 3, "x-api-key: alice")).containsExactly(200, 200, 429);
			assertThat(statuses(port, "/keys", 3, "x-api-key: bob")).containsExactly(200, 200, 429);
			assertThat(statuses(port, "/keys", 3)).containsExactly(200, 200, 429);
			// A key spelled like the address it fell back to is another key.
			assertThat(statuses(port, "/keys", 1, "x-api-key: 127.0.0.1")).containsExactly(200);
		});
	}

	@Test
	void anAnonymousRequestLimitedPerPrincipalCountsAgainstItsAddress() {
		this.runner.withUserConfiguration(Limited.class).run((context) -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(statuses(port, "/me", 3)).containsExactly(200, 200, 429);
		});
	}

	@Test
	void limitsOfOneNameShareTheirBucketsThroughTheStore() {
		this.runner.withUserConfiguration(Limited.class).run((context) -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(statuses(port, "/shared/a", 2)).containsExactly(200, 200);
			assertThat(statuses(port, "/shared/b", 2)).containsExactly(200, 429);
			assertThat(statuses(port, "/shared/a", 1)).containsExactly(429);
			assertThat(context.getBean(RecordingBuckets.class).keys).hasSize(5)
				.containsOnly("shared:address:127.0.0.1");
		});
	}

	@Test
	void withoutBucket4jEverythingElseWorks() {
		this.runner.withUserConfiguration(Unlimited.class)
			.withClassLoader(new FilteredClassLoader("io.github.bucket4j."))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				RawResponse response = call(context.getBean(FastroServer.class).port(), "/free");
				assertThat(response.status()).isEqualTo(200);
				assertThat(response.header("ratelimit")).isNull();
			});
	}

	@Test
	void aNameThatBreaksTheHeaderFailsAtOnce() {
		RateLimit.Builder builder = RateLimit.perClientAddress(perMinute(5));
		assertThatIllegalArgumentException().isThrownBy(() -> builder.named("a\"b")).withMessageContaining("'a\"b'");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.named(""));
	}

	@Test
	void aClockOrSizeForAStoreOfItsOwnFailsAtOnce() {
		RateLimitBuckets store = RateLimitBuckets.inMemory(10, Duration.ofMinutes(1), TimeMeter.SYSTEM_NANOTIME);
		RateLimit.Builder clocked = RateLimit.perClientAddress(perMinute(5)).buckets(store).clock(new ManualClock());
		assertThatIllegalStateException().isThrownBy(clocked::build).withMessageContaining("'default'");
		RateLimit.Builder sized = RateLimit.perClientAddress(perMinute(5)).buckets(store).maximumKeys(10);
		assertThatIllegalStateException().isThrownBy(sized::build).withMessageContaining("'default'");
	}

	private static Bandwidth perMinute(int capacity) {
		return Bandwidth.builder().capacity(capacity).refillGreedy(capacity, Duration.ofMinutes(1)).build();
	}

	private static List<Integer> statuses(int port, String path, int requests, String... headers) throws Exception {
		List<Integer> statuses = new CopyOnWriteArrayList<>();
		for (int i = 0; i < requests; i++) {
			statuses.add(call(port, path, headers).status());
		}
		return statuses;
	}

	private static RawResponse call(int port, String path, String... headers) throws Exception {
		try (RawHttp wire = new RawHttp(port, Duration.ofSeconds(10))) {
			return wire.send(rawRequest("GET", path, headers)).read();
		}
	}

	/** A clock that moves only when a test moves it. */
	static final class ManualClock implements TimeMeter {

		private final AtomicLong nanos = new AtomicLong();

		void advance(Duration duration) {
			this.nanos.addAndGet(duration.toNanos());
		}

		@Override
		public long currentTimeNanos() {
			return this.nanos.get();
		}

		@Override
		public boolean isWallClockBased() {
			return false;
		}

	}

	/** The in-memory store, seen through the interface a shared store implements. */
	static final class RecordingBuckets implements RateLimitBuckets {

		private final RateLimitBuckets store;

		final List<String> keys = new CopyOnWriteArrayList<>();

		RecordingBuckets(RateLimitBuckets store) {
			this.store = store;
		}

		@Override
		public Bucket bucket(String key, BucketConfiguration configuration) {
			this.keys.add(key);
			return this.store.bucket(key, configuration);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Limited {

		@Bean
		AtomicInteger handled() {
			return new AtomicInteger();
		}

		@Bean
		ManualClock clock() {
			return new ManualClock();
		}

		@Bean
		RecordingBuckets buckets(ManualClock clock) {
			return new RecordingBuckets(RateLimitBuckets.inMemory(100, Duration.ofHours(1), clock));
		}

		@Bean
		Routes routes(AtomicInteger handled, ManualClock clock, RecordingBuckets buckets) {
			RateLimit burst = RateLimit.perClientAddress(perMinute(5)).named("burst").clock(clock).build();
			RateLimit keys = RateLimit.perHeader("x-api-key", perMinute(2)).clock(clock).build();
			RateLimit principals = RateLimit.perPrincipal(perMinute(2)).clock(clock).build();
			// As two instances would, each with its own RateLimit over one store
			RateLimit shared = RateLimit.perClientAddress(perMinute(3)).named("shared").buckets(buckets).build();
			RateLimit sharedToo = RateLimit.perClientAddress(perMinute(3)).named("shared").buckets(buckets).build();
			return Routes.builder().get("/burst", (ctx) -> {
				handled.incrementAndGet();
				return "burst";
			}, burst)
				.get("/keys", (ctx) -> "keys", keys)
				.get("/me", (ctx) -> "me", principals)
				.get("/shared/a", (ctx) -> "a", shared)
				.get("/shared/b", (ctx) -> "b", sharedToo)
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Unlimited {

		@Bean
		Routes routes() {
			return Routes.builder().get("/free", (ctx) -> "free").build();
		}

	}

}
