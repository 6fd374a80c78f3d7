package dev.fastro.demo.proxy;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

import javax.net.ssl.SSLSocket;

import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static dev.fastro.test.RawHttp.rawRequest;
import static dev.fastro.test.TestHttp.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * nginx and HAProxy terminate TLS and name the client to Fastro, by {@code X-Forwarded-*}
 * or by {@code Forwarded}: {@code ctx} sees the client's address, the scheme it used and
 * the host it asked for, with Fastro trusting the proxy's address alone
 * ({@code fastro.server.trusted-proxies=127.0.0.2}). What a client writes in those
 * headers itself names nobody, through a proxy or past it.
 */
class ForwardedHeadersBehindProxyTest extends BehindProxies {

	/** The client's own address, which only the proxy can name to Fastro. */
	private static final String CLIENT = "127.0.0.3";

	/**
	 * What the client asks for: a name and port that are neither the proxy's nor
	 * Fastro's.
	 */
	private static final String HOST = "shop.example:8443";

	/** Every forwarded header, as a client that wants to be someone else writes them. */
	private static final String[] SPOOFED = { "x-forwarded-for: 203.0.113.9", "x-forwarded-proto: http",
			"x-forwarded-host: evil.example", "x-forwarded-port: 1",
			"forwarded: for=203.0.113.9;proto=http;host=evil.example" };

	static Stream<Arguments> proxiesAndHeaders() {
		return Arrays.stream(ProxyKind.values())
			.flatMap((kind) -> Arrays.stream(Naming.values()).map((naming) -> Arguments.of(kind, naming)));
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("proxiesAndHeaders")
	void theProxyNamesTheClientItsSchemeAndItsHost(ProxyKind kind, Naming naming) throws IOException {
		Echo echo = callOverTls(naming.port(proxied.proxy(kind)));
		assertClientAsTheProxySawIt(echo);
	}

	@ParameterizedTest(name = "{0}, {1}")
	@MethodSource("proxiesAndHeaders")
	void forwardedHeadersAClientSendsThroughTheProxyAreNotBelieved(ProxyKind kind, Naming naming) throws IOException {
		Echo echo = callOverTls(naming.port(proxied.proxy(kind)), SPOOFED);
		assertClientAsTheProxySawIt(echo);
	}

	@Test
	void forwardedHeadersFromAPeerThatIsNoTrustedProxyAreNotRead() throws IOException {
		try (RawHttp direct = new RawHttp(proxied.fastro().port())) {
			RawResponse response = direct.send(rawRequest("GET", "/proxy/echo", SPOOFED)).read();
			Echo echo = JSON.readValue(response.body(), Echo.class);
			assertThat(echo.client()).isEqualTo("127.0.0.1");
			assertThat(echo.scheme()).isEqualTo("http");
			assertThat(echo.host()).isEqualTo("localhost");
		}
	}

	private static void assertClientAsTheProxySawIt(Echo echo) {
		assertThat(echo.client()).as("client").isEqualTo(CLIENT);
		assertThat(echo.scheme()).as("scheme").isEqualTo("https");
		assertThat(echo.host()).as("host").isEqualTo("shop.example");
		assertThat(echo.port()).as("port").isEqualTo(8443);
	}

	/**
	 * Calls {@code /proxy/echo} over TLS from {@value #CLIENT}, asking for
	 * {@value #HOST}, with these header lines too.
	 */
	private static Echo callOverTls(int port, String... headerLines) throws IOException {
		TestCertificates.Identity proxy = proxied.identity();
		StringBuilder request = new StringBuilder("GET /proxy/echo HTTP/1.1\r\nhost: " + HOST + "\r\n");
		for (String line : headerLines) {
			request.append(line).append("\r\n");
		}
		request.append("connection: close\r\n\r\n");
		try (SSLSocket socket = (SSLSocket) TestCertificates.clientContext(null, proxy)
			.getSocketFactory()
			.createSocket(InetAddress.getLoopbackAddress(), port, InetAddress.getByName(CLIENT), 0)) {
			socket.setSoTimeout(10_000);
			socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
			RawResponse response = RawHttp.readResponse(new BufferedInputStream(socket.getInputStream()), false, false);
			assertThat(response.status()).as("status of %s", response.bodyString()).isEqualTo(200);
			return JSON.readValue(response.body(), Echo.class);
		}
	}

	/** How a proxy names the client to Fastro: each has a TLS port of its own. */
	enum Naming {

		X_FORWARDED {

			@Override
			int port(ProxiedFastro.FrontedProxy proxy) {
				return proxy.xForwardedPort();
			}

		},

		FORWARDED {

			@Override
			int port(ProxiedFastro.FrontedProxy proxy) {
				return proxy.forwardedPort();
			}

		};

		abstract int port(ProxiedFastro.FrontedProxy proxy);

	}

}
