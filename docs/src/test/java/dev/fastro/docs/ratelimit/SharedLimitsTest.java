package dev.fastro.docs.ratelimit;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import io.github.bucket4j.distributed.proxy.ClientSideConfig;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.AbstractCompareAndSwapBasedProxyManager;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.AsyncCompareAndSwapOperation;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.CompareAndSwapOperation;
import io.github.bucket4j.distributed.remote.RemoteBucketState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "Several instances, one budget" of the Rate limiting page. */
class SharedLimitsTest {

	private final MapProxyManager store = new MapProxyManager();

	@Test
	void twoInstancesOverOneStoreShareTheBudget() {
		FastroTestClient one = FastroTestClient.bindTo(new SharedLimits().reportRoutes(this.store));
		FastroTestClient other = FastroTestClient.bindTo(new SharedLimits().reportRoutes(this.store));
		assertThat(one.get("/reports").exchange().header("ratelimit")).startsWith("\"reports\";r=2;");
		assertThat(other.get("/reports").exchange().header("ratelimit")).startsWith("\"reports\";r=1;");
		assertThat(one.get("/reports").exchange().header("ratelimit")).startsWith("\"reports\";r=0;");
		TestResponse refused = other.get("/reports").exchange();
		assertThat(refused).hasStatus(429).hasHeader("ratelimit-policy", "\"reports\";q=3;w=3600");
		// One token comes back every 20 minutes.
		assertThat(Long.parseLong(refused.header("retry-after"))).isBetween(1L, 1200L);
		// Anonymous here, so the bucket is the client address's.
		assertThat(this.store.states.keySet()).singleElement().asString().startsWith("reports:address:");
	}

	/**
	 * Bucket4j's compare-and-swap protocol over a map, standing in for Redis: the state
	 * travels serialized as it would over the network.
	 */
	static final class MapProxyManager extends AbstractCompareAndSwapBasedProxyManager<String> {

		final Map<String, byte[]> states = new ConcurrentHashMap<>();

		MapProxyManager() {
			super(ClientSideConfig.getDefault());
		}

		@Override
		protected CompareAndSwapOperation beginCompareAndSwapOperation(String key) {
			return new CompareAndSwapOperation() {

				@Override
				public Optional<byte[]> getStateData(Optional<Long> timeoutNanos) {
					return Optional.ofNullable(MapProxyManager.this.states.get(key));
				}

				@Override
				public boolean compareAndSwap(byte[] original, byte[] newData, RemoteBucketState newState,
						Optional<Long> timeoutNanos) {
					return (original != null) ? MapProxyManager.this.states.replace(key, original, newData)
							: MapProxyManager.this.states.putIfAbsent(key, newData) == null;
				}

			};
		}

		@Override
		protected AsyncCompareAndSwapOperation beginAsyncCompareAndSwapOperation(String key) {
			throw new UnsupportedOperationException();
		}

		@Override
		public void removeProxy(String key) {
			this.states.remove(key);
		}

		@Override
		protected CompletableFuture<Void> removeAsync(String key) {
			throw new UnsupportedOperationException();
		}

		@Override
		public boolean isAsyncModeSupported() {
			return false;
		}

	}

}
