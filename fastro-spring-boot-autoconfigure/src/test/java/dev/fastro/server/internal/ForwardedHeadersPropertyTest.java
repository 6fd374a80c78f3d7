package dev.fastro.server.internal;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Forwarded headers as proxies write them, and made of the pieces proxies and attackers
 * write recombined at random, sent from a trusted proxy: every request is answered either
 * with the client, scheme, host and port they name, each well-formed, or with a 400
 * problem naming the header; never with a bare 400 from Reactor Netty, nor a server
 * error.
 */
class ForwardedHeadersPropertyTest {

	private static final List<String> HEADERS = List.of("forwarded", "x-forwarded-for", "x-forwarded-proto",
			"x-forwarded-host", "x-forwarded-port");

	private static final List<String> PIECES = List.of("for=", "proto=", "host=", "by=", "For=", "1.2.3.4", "10.0.0.5",
			"[2001:db8::1]", "2001:db8::1", "::1", "fe80::1%eth0", "fe80::1%1", "_hidden", "unknown", ":80", ":0",
			":65535", ":99999", ":_port", ":", "\"", ";", ",", " ", "\t", "http", "HTTPS", "ws", "javascript",
			"a.example", "a b", "[", "]", "\\", "%", "=", "8443", "abc", "");

	/** Values as proxies write them, which a header of the right name takes. */
	private static final List<String> WELL_FORMED = List.of("203.0.113.7", "203.0.113.7, 10.0.0.5",
			"2001:db8::7, 10.0.0.5", "unknown", "https", "HTTP", "a.example", "a.example:8443", "[::1]:8080", "8443",
			"for=203.0.113.7;proto=https;host=a.example",
			"for=\"[2001:db8::7]:4711\";host=\"b.example:8080\", for=10.0.0.5", "by=_proxy;for=_hidden",
			"for=192.0.2.43:4711");

	private static ConfigurableApplicationContext app;

	private static int port;

	@BeforeContainer
	static void start() {
		// jqwik runs no JUnit extension: this class checks for buffer leaks itself, from
		// a clean slate.
		NettyLeakDetection.assertNoLeaks("the tests before ForwardedHeadersPropertyTest");
		app = new SpringApplicationBuilder(WhoApp.class).web(WebApplicationType.NONE)
			.properties("fastro.server.port=0", "fastro.server.forward-headers-strategy=native",
					"fastro.server.trusted-proxies=127.0.0.1, 10.0.0.0/8, ::1")
			.run();
		port = app.getBean(FastroServer.class).port();
	}

	@AfterContainer
	static void stop() {
		if (app != null) {
			app.close();
		}
		NettyLeakDetection.assertNoLeaks("ForwardedHeadersPropertyTest");
	}

	@Property(tries = 500)
	void answersWithWellFormedValuesOrAProblemNamingTheHeader(@ForAll("headers") Map<String, String> headers)
			throws IOException {
		String[] lines = headers.entrySet()
			.stream()
			.map((header) -> header.getKey() + ": " + header.getValue())
			.toArray(String[]::new);
		RawResponse response;
		try (RawHttp wire = new RawHttp(port)) {
			response = wire.send(RawHttp.rawRequest("GET", "/who", lines)).read();
		}
		Statistics.collect(response.status());
		if (response.status() == 400) {
			assertThat(response.header("content-type")).isEqualTo("application/problem+json");
			String detail = JsonMapper.builder().build().readTree(response.bodyString()).get("detail").asString();
			assertThat(detail).startsWith("Malformed ")
				.satisfies((text) -> assertThat(HEADERS)
					.anyMatch((header) -> text.startsWith("Malformed " + header + " header")));
			return;
		}
		assertThat(response.status()).as(response.bodyString()).isEqualTo(200);
		String[] who = response.bodyString().split("\\|", -1);
		assertThat(who[0]).isIn("http", "https");
		assertThat(RequestChecks.isValidHost(who[1])).as("host '%s'", who[1]).isTrue();
		assertThat(Integer.parseInt(who[2])).isBetween(0, 65535);
		assertThat(who[3]).isNotEmpty().doesNotContain(" ", ",", ";", "\"");
	}

	@Provide
	Arbitrary<Map<String, String>> headers() {
		Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.of(WELL_FORMED),
				Arbitraries.of(PIECES).list().ofMinSize(1).ofMaxSize(8).map((pieces) -> String.join("", pieces)));
		return Arbitraries.maps(Arbitraries.of(HEADERS), value).ofMinSize(1).ofMaxSize(3);
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class WhoApp {

		@Bean
		Routes who() {
			return Routes.builder()
				.get("/who",
						(ctx) -> ctx.scheme() + "|" + ctx.host() + "|" + ctx.port() + "|"
								+ ctx.remoteAddress().getHostString())
				.build();
		}

	}

}
