package dev.fastro.autoconfigure;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawHttp2;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Behind a proxy, {@code fastro.server.forward-headers-strategy=native} makes the
 * client's address, scheme, host and port those the proxy names, and a malformed value a
 * 400 problem; by default, the headers are ignored. On Fastro's own HTTP/1.1 exchange
 * here, on Reactor Netty's in {@link ForwardedHeadersOnReactorNettysExchangeTest}.
 */
class ForwardedHeadersTest {

	private static final String FORWARDED = "forwarded: for=203.0.113.7;proto=https;host=shop.example";

	private static final String[] X_FORWARDED = { "x-forwarded-for: 198.51.100.9", "x-forwarded-proto: https",
			"x-forwarded-host: api.example" };

	/** Whether Fastro serves the HTTP/1.1 exchanges of the server the runner starts. */
	boolean onFastrosExchange = true;

	ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(WhoRoutes.class);

	@Test
	void forwardedHeadersAreIgnoredByDefault() {
		this.runner.run(context -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(who(port, FORWARDED)).isEqualTo("127.0.0.1 http localhost 80");
			assertThat(who(port, X_FORWARDED)).isEqualTo("127.0.0.1 http localhost 80");
		});
	}

	@Test
	void nativeStrategyReadsForwardedAndXForwardedHeaders() {
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run(context -> {
			assertThat(context.getBean(FastroServer.class).servesHttp1Exchanges()).isEqualTo(this.onFastrosExchange);
			int port = context.getBean(FastroServer.class).port();
			assertThat(who(port, FORWARDED)).isEqualTo("203.0.113.7 https shop.example 443");
			assertThat(who(port, X_FORWARDED)).isEqualTo("198.51.100.9 https api.example 443");
			assertThat(who(port, "x-forwarded-host: api.example", "x-forwarded-port: 8443"))
				.isEqualTo("127.0.0.1 http api.example 8443");
			assertThat(who(port, "forwarded: host=shop.example:8080")).isEqualTo("127.0.0.1 http shop.example 8080");
			assertThat(who(port)).isEqualTo("127.0.0.1 http localhost 80");
		});
	}

	@Test
	void aProxysHostIsSpelledAsAHostHeaderAndItsClientReadAsAnAddress() {
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			// An IPv6 literal keeps its brackets and its spelling, as in a Host header.
			assertThat(who(port, "x-forwarded-host: [::1]:8080")).isEqualTo("127.0.0.1 http [::1] 8080");
			assertThat(who(port, "forwarded: host=\"[2001:db8::1]\";proto=HTTPS"))
				.isEqualTo("127.0.0.1 https [2001:db8::1] 443");
			assertThat(who(port, "x-forwarded-host: a.example, b.example")).isEqualTo("127.0.0.1 http a.example 80");
			assertThat(who(port, "x-forwarded-port: 8443")).isEqualTo("127.0.0.1 http localhost 8443");
			// Clients: IPv6 with or without brackets, a port, RFC 7239's unknown and
			// obfuscated names, and the first of several elements.
			assertThat(who(port, "x-forwarded-for: 2001:db8::7, 10.0.0.1")).startsWith("2001:db8:0:0:0:0:0:7 ");
			assertThat(who(port, "forwarded: for=\"[2001:db8::7]:4711\", for=10.0.0.1"))
				.startsWith("2001:db8:0:0:0:0:0:7 ");
			assertThat(whoPort(port, "forwarded: for=\"192.0.2.43:4711\"")).isEqualTo("192.0.2.43:4711");
			assertThat(whoPort(port, "forwarded: for=192.0.2.43:4711;by=_proxy")).isEqualTo("192.0.2.43:4711");
			assertThat(who(port, "forwarded: for=unknown")).startsWith("unknown ");
			assertThat(who(port, "forwarded: For=_hidden:_port")).startsWith("_hidden ");
		});
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			textBlock = """
									x-forwarded-host: [                 | Malformed x-forwarded-host header '[': '[' is no host[:port]
									x-forwarded-host: a b               | Malformed x-forwarded-host header 'a b': 'a b' is no host[:port]
									x-forwarded-host: h:99999           | Malformed x-forwarded-host header 'h:99999': 'h:99999' is no host[:port]
									x-forwarded-port: abc               | Malformed x-forwarded-port header 'abc': 'abc' is no port number
									x-forwarded-port: 65536             | Malformed x-forwarded-port header '65536': '65536' is no port number
									x-forwarded-proto: javascript       | Malformed x-forwarded-proto header 'javascript': the scheme 'javascript' is neither http nor https
									x-forwarded-for: garbage value      | Malformed x-forwarded-for header 'garbage value': 'garbage value' is no IP address
									x-forwarded-for: 10.0.0.1:http      | Malformed x-forwarded-for header '10.0.0.1:http': '10.0.0.1:http' names no port number
							x-forwarded-for: fe80::1%eth0       | Malformed x-forwarded-for header 'fe80::1%eth0': 'fe80::1%eth0' is no IP address
							x-forwarded-for: [unknown]          | Malformed x-forwarded-for header '[unknown]': '[unknown]' is no IP address
					x-forwarded-for: 10.0.0.1, garbage  | Malformed x-forwarded-for header '10.0.0.1, garbage': 'garbage' is no IP address
					forwarded: for=10.0.0.1, for=x y    | Malformed forwarded header 'for=10.0.0.1, for=x y': expected ';' or ',' after the value of for
									forwarded: garbage                  | Malformed forwarded header 'garbage': expected name=value pairs separated by ';'
									forwarded: for=                     | Malformed forwarded header 'for=': the value of for is empty
									forwarded: host="shop.example       | Malformed forwarded header 'host="shop.example': a quoted string is not closed
									forwarded: host="a"b                | Malformed forwarded header 'host="a"b': expected ';' or ',' after the value of host
									forwarded: proto=http;proto=https   | Malformed forwarded header 'proto=http;proto=https': an element names proto twice
									forwarded: for="[2001:db8::1"       | Malformed forwarded header 'for="[2001:db8::1"': '[2001:db8::1' is no IP address
									""")
	void aMalformedForwardedValueIsA400ProblemNamingIt(String header, String detail) {
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			try (RawHttp wire = new RawHttp(port)) {
				RawResponse response = wire.send(rawRequest("GET", "/who", header)).read();
				assertThat(response.status()).isEqualTo(400);
				assertThat(response.header("content-type")).isEqualTo("application/problem+json");
				assertThat(TestHttp.json(response.bodyString()).get("detail").asString()).isEqualTo(detail);
			}
		});
	}

	@Test
	void aMalformedForwardedValueIsA400ProblemOnHttp2Too() {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native", "fastro.server.http2.enabled=true")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				try (RawHttp2 h2 = new RawHttp2(port)) {
					h2.headers(1, RawHttp2.request("GET", "/who").add("x-forwarded-port", "abc"), true);
					RawHttp2.Response refused = h2.response(1);
					assertThat(refused.status()).isEqualTo(400);
					assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
					assertThat(refused.body()).contains("Malformed x-forwarded-port header 'abc'");
					h2.headers(3, RawHttp2.request("GET", "/who").add("x-forwarded-host", "[::1]:8443"), true);
					assertThat(h2.response(3).body()).endsWith(" http [::1] 8443");
				}
			});
	}

	@Test
	void withTrustedProxiesTheClientIsTheLastHopThatIsNoTrustedProxy() {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=127.0.0.1, 10.0.0.0/8")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				// As nginx's $proxy_add_x_forwarded_for leaves it: what the client
				// claimed,
				// then the address the edge proxy saw, then an inner proxy.
				assertThat(who(port, "x-forwarded-for: 6.6.6.6, 203.0.113.7, 10.0.0.5", "x-forwarded-proto: https"))
					.isEqualTo("203.0.113.7 https localhost 443");
				// Only proxies listed: the first is the client.
				assertThat(who(port, "x-forwarded-for: 10.0.0.9, 10.0.0.5")).startsWith("10.0.0.9 ");
				// The element whose for is the client names the scheme and host it used.
				assertThat(who(port,
						"forwarded: for=6.6.6.6;host=evil.example, for=203.0.113.7;proto=https;host=shop.example, "
								+ "for=10.0.0.2;proto=http;host=inner.example"))
					.isEqualTo("203.0.113.7 https shop.example 443");
				// A hop that is unknown is no trusted proxy.
				assertThat(who(port, "forwarded: for=203.0.113.7, for=unknown")).startsWith("unknown ");
			});
		// Every peer trusted, by default, the first hop is the client.
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(who(port, "x-forwarded-for: 6.6.6.6, 203.0.113.7, 10.0.0.5")).startsWith("6.6.6.6 ");
		});
	}

	@Test
	void aProxyThatAppendsAHeaderLineOfItsOwnIsReadAfterTheClientsLine() {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=127.0.0.1")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				// As HAProxy's option forwardfor leaves it: the client's line, then the
				// proxy's, one list (RFC 9110 5.3).
				assertThat(who(port, "x-forwarded-for: 6.6.6.6", "x-forwarded-for: 203.0.113.7"))
					.startsWith("203.0.113.7 ");
				assertThat(who(port, "forwarded: for=6.6.6.6;proto=http;host=evil.example",
						"forwarded: for=203.0.113.7;proto=https;host=shop.example"))
					.isEqualTo("203.0.113.7 https shop.example 443");
			});
		// Every peer trusted, the first hop of the first line is the client.
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run(context -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(who(port, "x-forwarded-for: 6.6.6.6", "x-forwarded-for: 203.0.113.7")).startsWith("6.6.6.6 ");
		});
	}

	@Test
	void aPeerThatIsNoTrustedProxyHasItsForwardedHeadersIgnored() {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=10.0.0.0/8, ::1")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				assertThat(who(port, X_FORWARDED)).isEqualTo("127.0.0.1 http localhost 80");
				assertThat(who(port, "x-forwarded-port: abc")).isEqualTo("127.0.0.1 http localhost 80");
			});
	}

	@Test
	void aTrustedProxyThatIsNoAddressOrRangeFailsStartUpNamingIt() {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=10.0.0.0/8, proxy.example, 10.0.0.0/33")
			.run(context -> {
				assertThat(context).hasFailed();
				StringBuilder messages = new StringBuilder();
				for (Throwable cause = context.getStartupFailure(); cause != null; cause = cause.getCause()) {
					messages.append(cause.getMessage()).append('\n');
				}
				assertThat(messages.toString())
					.contains("field 'server.trustedProxies[1]': rejected value [proxy.example]")
					.contains("'proxy.example' is no IP address or CIDR range")
					.contains("field 'server.trustedProxies[2]': rejected value [10.0.0.0/33]")
					.contains("'10.0.0.0/33' has a prefix length that is no number from 0 to 32 after its '/'")
					.doesNotContain("trustedProxies[0]");
			});
	}

	@Test
	void onHttp2TooOnlyATrustedPeersForwardedHeadersAreRead() {
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native", "fastro.server.http2.enabled=true",
					"fastro.server.trusted-proxies=10.0.0.0/8")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				try (RawHttp2 h2 = new RawHttp2(port)) {
					h2.headers(1, RawHttp2.request("GET", "/who").add("x-forwarded-port", "abc"), true);
					assertThat(h2.response(1).body()).isEqualTo("127.0.0.1 http localhost 80");
					h2.headers(3, RawHttp2.request("GET", "/who").add("x-forwarded-for", "203.0.113.7"), true);
					assertThat(h2.response(3).body()).isEqualTo("127.0.0.1 http localhost 80");
				}
			});
		this.runner
			.withPropertyValues("fastro.server.forward-headers-strategy=native", "fastro.server.http2.enabled=true",
					"fastro.server.trusted-proxies=127.0.0.1")
			.run(context -> {
				int port = context.getBean(FastroServer.class).port();
				try (RawHttp2 h2 = new RawHttp2(port)) {
					h2.headers(1, RawHttp2.request("GET", "/who").add("x-forwarded-for", "203.0.113.7, 127.0.0.1"),
							true);
					assertThat(h2.response(1).body()).isEqualTo("203.0.113.7 http localhost 80");
				}
			});
	}

	@Test
	void malformedForwardedHeadersAreNotReadByDefault() {
		this.runner.run(context -> {
			int port = context.getBean(FastroServer.class).port();
			assertThat(who(port, "x-forwarded-port: abc", "forwarded: garbage"))
				.isEqualTo("127.0.0.1 http localhost 80");
		});
	}

	private static String who(int port, String... headers) throws Exception {
		return call(port, "/who", headers);
	}

	private static String whoPort(int port, String... headers) throws Exception {
		return call(port, "/who/port", headers);
	}

	private static String call(int port, String path, String... headers) throws Exception {
		try (RawHttp wire = new RawHttp(port)) {
			RawResponse response = wire.send(rawRequest("GET", path, headers)).read();
			assertThat(response.status()).as("status, for %s", response.bodyString()).isEqualTo(200);
			return response.bodyString();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class WhoRoutes {

		@Bean
		Routes who() {
			return Routes.builder()
				.get("/who",
						ctx -> ctx.remoteAddress().getHostString() + " " + ctx.scheme() + " " + ctx.host() + " "
								+ ctx.port())
				.get("/who/port", ctx -> ctx.remoteAddress().getHostString() + ":" + ctx.remoteAddress().getPort())
				.build();
		}

	}

}
