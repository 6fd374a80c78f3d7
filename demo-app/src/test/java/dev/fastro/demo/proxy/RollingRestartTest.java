package dev.fastro.demo.proxy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A rolling restart under load: two instances of the demo application behind HAProxy,
 * which checks their readiness, while clients send requests without a pause, each
 * instance in turn is stopped gracefully and started again. Stopping, an instance's
 * readiness refuses traffic, HAProxy's health check takes it out of rotation while Fastro
 * serves on ({@code fastro.server.shutdown-delay}), and only then does Fastro drain;
 * started again, it is back in rotation once it is ready. Not one request fails: no 5xx,
 * no reset, no timeout; and HAProxy never had to retry one, which readiness alone kept
 * from the stopping instance. The settings are in {@code proxy/haproxy-rolling.cfg} and
 * in the README under "Behind nginx or HAProxy".
 */
class RollingRestartTest {

	private static final int CLIENTS = 4;

	/** The load's bound: far more than two restarts take. */
	private static final Duration MOST_LOAD = Duration.ofSeconds(60);

	private static final String BACKEND = "instances";

	@TempDir
	static Path directory;

	static List<FastroInstance> instances;

	static ProxyProcess haproxy;

	static int loadPort;

	static int statsPort;

	@BeforeAll
	static void start() {
		instances = List.of(instance("a"), instance("b"));
		loadPort = FreePort.next();
		statsPort = FreePort.next();
		haproxy = ProxyProcess.haproxy(directory, "haproxy-rolling.cfg", Map.of("loadPort", loadPort, "statsPort",
				statsPort, "portA", instances.get(0).port(), "portB", instances.get(1).port()), loadPort, statsPort);
		instances.forEach(RollingRestartTest::awaitUp);
	}

	private static FastroInstance instance(String name) {
		// HAProxy checks every 100 ms and takes an instance out at its first 503.
		return new FastroInstance(name, FreePort.next(), "fastro.server.shutdown-timeout=10s",
				"fastro.server.shutdown-delay=2s")
			.start();
	}

	@AfterAll
	static void stop() throws InterruptedException {
		if (haproxy != null) {
			haproxy.close();
		}
		instances.forEach(FastroInstance::close);
	}

	@Test
	void noRequestFailsWhileEachInstanceInTurnIsStoppedGracefullyAndStartedAgain() throws Exception {
		LoadClient load = LoadClient.start(loadPort, CLIENTS, Integer.MAX_VALUE, MOST_LOAD);
		long started = System.nanoTime();
		instances.forEach(RollingRestartTest::awaitServing);
		for (FastroInstance instance : instances) {
			CompletableFuture<Void> stopping = CompletableFuture.runAsync(instance::stop);
			awaitTakenOutByItsReadiness(instance);
			assertThat(stopping).as("%s stopped before HAProxy took it out", instance.name()).isNotDone();
			stopping.get(30, TimeUnit.SECONDS);
			instance.start();
			awaitUp(instance);
			awaitServing(instance);
		}
		LoadTally tally = load.stop();
		HaproxyStats stats = HaproxyStats.read(statsPort, BACKEND);
		System.out.printf("Rolling restart of %d instances behind HAProxy, %d clients, %d ms: %s%n", instances.size(),
				CLIENTS, (System.nanoTime() - started) / 1_000_000, tally);
		for (FastroInstance instance : instances) {
			String name = instance.name();
			System.out.printf("  HAProxy on %s: went down %d times, %d retries, %d redispatches, %d 5xx%n", name,
					stats.count(name, "chkdown"), stats.count(name, "wretr"), stats.count(name, "wredis"),
					stats.count(name, "hrsp_5xx"));
		}
		assertThat(tally.describedFailures()).as("failed requests: %s", tally).isEmpty();
		assertThat(tally.ok()).isEqualTo(tally.sent());
		for (FastroInstance instance : instances) {
			String name = instance.name();
			assertThat(stats.count(name, "wretr") + stats.count(name, "wredis"))
				.as("requests HAProxy retried or sent elsewhere for %s, which it should have had out of rotation "
						+ "before it stopped", name)
				.isZero();
		}
	}

	/**
	 * Waits until HAProxy has taken the stopping instance out of rotation, and checks
	 * that its readiness did (a layer-7 check that failed on the status), not a refused
	 * connection.
	 */
	private static void awaitTakenOutByItsReadiness(FastroInstance instance) {
		await().atMost(Duration.ofSeconds(20))
			.pollInterval(Duration.ofMillis(20))
			.until(() -> HaproxyStats.read(statsPort, BACKEND).status(instance.name()), "DOWN"::equals);
		assertThat(HaproxyStats.read(statsPort, BACKEND).checkStatus(instance.name()))
			.as("why HAProxy took %s out", instance.name())
			.endsWith("L7STS");
	}

	/** Waits until HAProxy's health checks have found the instance ready. */
	private static void awaitUp(FastroInstance instance) {
		await().atMost(Duration.ofSeconds(20))
			.pollInterval(Duration.ofMillis(20))
			.until(() -> HaproxyStats.read(statsPort, BACKEND).status(instance.name()), "UP"::equals);
	}

	/**
	 * Waits until the load's requests reach the instance, as they do again after a
	 * restart.
	 */
	private static void awaitServing(FastroInstance instance) {
		int before = instance.handled().count();
		await().atMost(Duration.ofSeconds(20))
			.pollInterval(Duration.ofMillis(20))
			.until(() -> instance.handled().count() > before + 100);
	}

}
