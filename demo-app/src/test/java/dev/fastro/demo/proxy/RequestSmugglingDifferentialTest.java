package dev.fastro.demo.proxy;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Request smuggling, differentially: each {@link AmbiguousRequest} goes to nginx and to
 * HAProxy, followed on its connection by a last request that asks to close, and then
 * another client sends a request of its own. Whatever a proxy makes of the bytes (a 400
 * of its own is fine), the requests Fastro receives (its access log) are exactly those
 * the proxy logged as forwarded, those among them Fastro does not refuse itself are
 * exactly those that reach the handler, and every client gets only answers to its own
 * requests. A proxy and Fastro that disagreed on where a request ends would break one or
 * the other: a request the proxy never saw would reach Fastro, or the next client would
 * get an answer meant for someone else.
 */
class RequestSmugglingDifferentialTest extends BehindProxies {

	static Stream<Arguments> proxiesAndRequests() {
		return Arrays.stream(ProxyKind.values())
			.flatMap((kind) -> Arrays.stream(AmbiguousRequest.values()).map((request) -> Arguments.of(kind, request)));
	}

	@ParameterizedTest(name = "{0}: {1}")
	@MethodSource("proxiesAndRequests")
	void fastroReceivesExactlyWhatTheProxyForwardedAndAnswersReachTheirClients(ProxyKind kind,
			AmbiguousRequest ambiguous) throws IOException {
		ProxiedFastro.FrontedProxy proxy = proxied.proxy(kind);
		String prefix = kind.name().toLowerCase() + "-" + ambiguous.name().toLowerCase().replace('_', '-');
		Set<String> sendersIds = Set.of(prefix + "-front", prefix + "-hidden", prefix + "-last");
		int loggedBefore = proxy.requests().size();
		int receivedBefore = proxied.accessLog().count();
		int handledBefore = proxied.fastro().handled().count();

		List<RawResponse> answers = sendAndReadUntilClose(proxy.plainPort(),
				ambiguous.text(prefix + "-front", prefix + "-hidden")
						+ rawRequest("GET", "/proxy/echo?id=" + prefix + "-last", "connection: close"));
		for (RawResponse answer : answers) {
			if (answer.status() == 200) {
				assertThat(JSON.readValue(answer.body(), Echo.class).id()).as("an answer to the sender")
					.isIn(sendersIds);
			}
		}
		try (RawHttp next = new RawHttp(proxy.plainPort())) {
			RawResponse answer = next.send(rawRequest("GET", "/proxy/echo?id=" + prefix + "-next")).read();
			assertThat(answer.status()).as("the next client's answer: %s", answer.bodyString()).isEqualTo(200);
			assertThat(JSON.readValue(answer.body(), Echo.class).id()).as("the next client's answer")
				.isEqualTo(prefix + "-next");
		}

		// Each log has its line once the answer has gone, the next client's last of all:
		// with it in both, every line of the requests before it is there to compare.
		String next = prefix + "-next";
		await().atMost(Duration.ofSeconds(10))
			.until(() -> proxy.requests().stream().anyMatch((request) -> next.equals(request.id()))
					&& proxied.accessLog()
						.since(receivedBefore)
						.stream()
						.anyMatch((request) -> next.equals(request.id())));
		List<String> forwarded = proxy.requests()
			.stream()
			.skip(loggedBefore)
			.filter(ProxiedRequest::forwarded)
			.map(ProxiedRequest::id)
			.sorted()
			.toList();
		List<AccessLogRecorder.ReceivedRequest> received = proxied.accessLog().since(receivedBefore);
		assertThat(received.stream().map(AccessLogRecorder.ReceivedRequest::id).sorted())
			.as("requests Fastro received, against those %s forwarded", proxy)
			.isEqualTo(forwarded);
		assertThat(proxied.fastro().handled().since(handledBefore).stream().sorted())
			.as("requests that reached the handler, against those Fastro received and did not refuse: %s", received)
			.isEqualTo(received.stream()
				.filter((request) -> request.status() == 200)
				.map(AccessLogRecorder.ReceivedRequest::id)
				.sorted()
				.toList());
		System.out.printf(
				"%s %s: %s answered the sender %s; Fastro received what it forwarded, answered %s, handled %d%n", proxy,
				ambiguous, proxy, answers.stream().map(RawResponse::status).toList(),
				proxied.accessLog()
					.since(receivedBefore)
					.stream()
					.map(AccessLogRecorder.ReceivedRequest::status)
					.toList(),
				proxied.fastro().handled().since(handledBefore).size());
	}

	/** Sends the bytes and reads the answers until the proxy closes the connection. */
	private static List<RawResponse> sendAndReadUntilClose(int port, String bytes) throws IOException {
		try (RawHttp connection = new RawHttp(port)) {
			RawHttp.Received received = connection.send(bytes).readUntilClose(Duration.ofSeconds(10));
			assertThat(received.ended()).as("the proxy closed the connection: %s", received).isTrue();
			return RawHttp.parseAll(received.bytes(), true);
		}
	}

}
