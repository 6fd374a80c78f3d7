package dev.fastro.demo.proxy;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A proxy keeps a pool of idle keep-alive connections to Fastro and sends each request on
 * one of them: 10,000 requests from several clients travel over a handful of connections,
 * and each is sent to Fastro once and answered with its own answer: none with a 502, none
 * reset, none retried by the proxy.
 */
class UpstreamKeepAliveTest extends BehindProxies {

	private static final int REQUESTS = 10_000;

	private static final int CLIENTS = 8;

	/**
	 * Without reuse, a connection per request; with it, one per client and a few more:
	 * nginx replaces an upstream connection after 1,000 requests on it (its
	 * {@code keepalive_requests}).
	 */
	private static final int MOST_UPSTREAM_CONNECTIONS = REQUESTS / 100;

	@ParameterizedTest
	@EnumSource(ProxyKind.class)
	void tenThousandRequestsReuseAFewConnectionsWithoutAFailure(ProxyKind kind) throws InterruptedException {
		ProxiedFastro.FrontedProxy proxy = proxied.proxy(kind);
		int handledBefore = proxied.fastro().handled().count();
		long started = System.nanoTime();
		LoadTally tally = LoadClient.start(proxy.plainPort(), CLIENTS, REQUESTS, Duration.ofSeconds(60)).awaitEnd();
		System.out.printf("%s, %d clients: %s over %d upstream connections in %d ms%n", proxy, CLIENTS, tally,
				tally.upstreamConnections(), (System.nanoTime() - started) / 1_000_000);
		assertThat(tally.describedFailures()).as("failures through %s", proxy).isEmpty();
		assertThat(tally.ok()).isEqualTo(REQUESTS);
		assertThat(tally.upstreamConnections()).as("connections from %s to Fastro", proxy)
			.isBetween(1, MOST_UPSTREAM_CONNECTIONS);
		// Each request reached Fastro once: a proxy that sent one again, as it may after
		// a
		// connection failed under it, would show its id twice.
		List<String> handled = proxied.fastro().handled().since(handledBefore);
		assertThat(handled).as("requests Fastro handled through %s", proxy).hasSize(REQUESTS).doesNotHaveDuplicates();
		// What the proxy logged, each line once its answer has gone: HAProxy's log to
		// standard output may drop a line under load, so the lines are not counted.
		assertThat(proxy.requests()).as("requests %s retried or did not answer 200", proxy)
			.filteredOn((request) -> request.attempts() != 1 || request.status() != 200)
			.isEmpty();
	}

}
