package dev.fastro.autoconfigure;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.stream.Stream;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;

import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestCertificates;
import dev.fastro.test.TestCertificates.Identity;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@code fastro.server.ssl.bundle}: TLS from Spring Boot's SSL bundles, with key material
 * generated for the test, checked with the JDK's HTTP client.
 */
@ExtendWith(NettyLeakDetection.class)
class TlsTest {

	@TempDir
	static Path keys;

	static Identity server;

	static Identity renewed;

	static Identity client;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, JacksonAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(SecureRoutes.class);

	@BeforeAll
	static void createKeys() {
		server = TestCertificates.create(keys, "server");
		renewed = TestCertificates.create(keys, "renewed");
		client = TestCertificates.create(keys, "client");
	}

	@Test
	void servesHttpsWithAKeyStoreBundle() {
		this.runner.withPropertyValues(server.keyStoreBundle("server")).run(context -> {
			// TLS keeps Fastro's own HTTP/1.1 exchange.
			assertThat(context.getBean(FastroServer.class).servesHttp1Exchanges()).isTrue();
			HttpResponse<String> response = send(client(null, server), context, "/scheme");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("https");
			assertThat(servedBy(response)).isEqualTo(server.certificate().getSerialNumber());
		});
	}

	@Test
	void streamsARequestBodyOverTls() {
		this.runner.withPropertyValues(pemBundle()).run(context -> {
			int length = 32 << 20;
			HttpResponse<String> response = client(null, server)
				.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port(context) + "/count"))
					.timeout(Duration.ofSeconds(30))
					.POST(BodyPublishers.ofByteArray(new byte[length]))
					.build(), BodyHandlers.ofString());
			assertThat(response.body()).isEqualTo(Integer.toString(length));
		});
	}

	@Test
	void refusesACleartextRequestOnTheTlsPort() {
		this.runner.withPropertyValues(pemBundle()).run(context -> {
			HttpClient cleartext = HttpClient.newHttpClient();
			assertThatExceptionOfType(IOException.class).isThrownBy(() -> cleartext.send(
					HttpRequest.newBuilder(URI.create("http://localhost:" + port(context) + "/scheme")).build(),
					BodyHandlers.ofString()));
		});
	}

	@Test
	void requiresATrustedClientCertificateWithClientAuthNeed() {
		this.runner
			.withPropertyValues(
					pemBundle("spring.ssl.bundle.pem.server.truststore.certificate=" + pem(client).certificate(),
							"fastro.server.ssl.client-auth=need"))
			.run(context -> {
				assertThat(send(client(client, server), context, "/scheme").statusCode()).isEqualTo(200);
				assertThatExceptionOfType(IOException.class)
					.isThrownBy(() -> send(client(null, server), context, "/scheme"));
				assertThatExceptionOfType(IOException.class)
					.isThrownBy(() -> send(client(renewed, server), context, "/scheme"));
			});
	}

	@Test
	void servesClientsWithoutACertificateWithClientAuthWant() {
		this.runner
			.withPropertyValues(
					pemBundle("spring.ssl.bundle.pem.server.truststore.certificate=" + pem(client).certificate(),
							"fastro.server.ssl.client-auth=want"))
			.run(context -> {
				assertThat(send(client(null, server), context, "/scheme").statusCode()).isEqualTo(200);
				assertThat(send(client(client, server), context, "/scheme").statusCode()).isEqualTo(200);
			});
	}

	@Test
	void offersOnlyTheBundlesProtocols() {
		this.runner.withPropertyValues(pemBundle("spring.ssl.bundle.pem.server.options.enabled-protocols=TLSv1.3"))
			.run(context -> {
				assertThat(send(client(null, server, "TLSv1.3"), context, "/scheme").statusCode()).isEqualTo(200);
				assertThatExceptionOfType(SSLHandshakeException.class)
					.isThrownBy(() -> send(client(null, server, "TLSv1.2"), context, "/scheme"))
					.withMessageContaining("protocol_version");
			});
	}

	@Test
	void reloadsAnUpdatedBundleForNewConnectionsAndKeepsTheOpenOnes() {
		PemFiles files = pemFiles("reloaded");
		server.writePem(files.certificate(), files.privateKey());
		this.runner
			.withPropertyValues("spring.ssl.bundle.pem.server.keystore.certificate=" + files.certificate(),
					"spring.ssl.bundle.pem.server.keystore.private-key=" + files.privateKey(),
					"spring.ssl.bundle.pem.server.reload-on-update=true",
					"spring.ssl.bundle.watch.file.quiet-period=10ms", "fastro.server.ssl.bundle=server")
			.run(context -> {
				HttpClient open = client(null, server, renewed);
				assertThat(servedBy(send(open, context, "/scheme"))).isEqualTo(server.certificate().getSerialNumber());

				renewed.writePem(files.certificate(), files.privateKey());
				await().atMost(Duration.ofSeconds(30))
					.until(() -> servedBy(send(client(null, server, renewed), context, "/scheme")),
							renewed.certificate().getSerialNumber()::equals);

				HttpResponse<String> again = send(open, context, "/scheme");
				assertThat(again.statusCode()).isEqualTo(200);
				assertThat(servedBy(again)).as("the connection opened before the update")
					.isEqualTo(server.certificate().getSerialNumber());
			});
	}

	@Test
	void answersATls13ClientThatHalfClosesAfterItsRequest() {
		// TLS 1.3's close_notify ends only what the client sends (RFC 8446, 6.1): the
		// answer still due is written, as after a FIN in clear text. Reactor Netty would
		// close at once.
		this.runner.withPropertyValues(server.keyStoreBundle("server")).run(context -> {
			try (RawHttp wire = RawHttp.overTls(TestCertificates.clientContext(null, server), port(context),
					Duration.ofSeconds(10))) {
				assertThat(wire.tlsSession().getProtocol()).isEqualTo("TLSv1.3");
				RawHttp.Received received = wire.send(RawHttp.rawRequest("GET", "/later"))
					.shutdownOutput()
					.readUntilClose(Duration.ofSeconds(10));
				assertThat(received.end()).as("%s", received).isEqualTo(RawHttp.End.EOF);
				assertThat(received.responses()).singleElement().extracting(RawResponse::bodyString).isEqualTo("later");
			}
		});
	}

	@Test
	void closesATls12ConnectionAtTheClientsCloseNotify() {
		// RFC 5246, 7.2.1: the other party closes down the connection at once,
		// discarding any pending writes.
		this.runner.withPropertyValues(pemBundle("spring.ssl.bundle.pem.server.options.enabled-protocols=TLSv1.2"))
			.run(context -> {
				try (RawHttp wire = RawHttp.overTls(TestCertificates.clientContext(null, server), port(context),
						Duration.ofSeconds(10))) {
					assertThat(wire.tlsSession().getProtocol()).isEqualTo("TLSv1.2");
					RawHttp.Received received = wire.send(RawHttp.rawRequest("GET", "/later"))
						.shutdownOutput()
						.readUntilClose(Duration.ofSeconds(10));
					assertThat(received.ended()).as("%s", received).isTrue();
					assertThat(received.text()).isEmpty();
				}
			});
	}

	@Test
	void failsAtStartUpNamingAnUnknownBundle() {
		this.runner.withPropertyValues("fastro.server.ssl.bundle=nope")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("fastro.server.ssl.bundle")
				.hasMessageContaining("nope"));
	}

	private static String[] pemBundle(String... more) {
		PemFiles files = pem(server);
		return Stream.concat(Stream.of("spring.ssl.bundle.pem.server.keystore.certificate=" + files.certificate(),
				"spring.ssl.bundle.pem.server.keystore.private-key=" + files.privateKey(),
				"fastro.server.ssl.bundle=server"), Stream.of(more))
			.toArray(String[]::new);
	}

	/** The identity's certificate and key, written as PEM files named after it. */
	private static PemFiles pem(Identity identity) {
		PemFiles files = pemFiles(identity.name());
		identity.writePem(files.certificate(), files.privateKey());
		return files;
	}

	private static PemFiles pemFiles(String name) {
		return new PemFiles(keys.resolve(name + ".crt"), keys.resolve(name + ".key"));
	}

	private static HttpClient client(Identity own, Identity... trusted) {
		return HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.sslContext(TestCertificates.clientContext(own, trusted))
			.connectTimeout(Duration.ofSeconds(5))
			.build();
	}

	private static HttpClient client(Identity own, Identity trusted, String protocol) {
		SSLContext context = TestCertificates.clientContext(own, trusted);
		return HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.sslContext(context)
			.sslParameters(new SSLParameters(null, new String[] { protocol }))
			.connectTimeout(Duration.ofSeconds(5))
			.build();
	}

	private static HttpResponse<String> send(HttpClient client, ConfigurableApplicationContext context, String path)
			throws IOException, InterruptedException {
		return client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port(context) + path))
			.timeout(Duration.ofSeconds(10))
			.build(), BodyHandlers.ofString());
	}

	private static BigInteger servedBy(HttpResponse<?> response) throws IOException {
		return ((X509Certificate) response.sslSession().orElseThrow().getPeerCertificates()[0]).getSerialNumber();
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	record PemFiles(Path certificate, Path privateKey) {
	}

	@Configuration(proxyBeanMethods = false)
	static class SecureRoutes {

		@Bean
		Routes secure() {
			return Routes.builder()
				.get("/scheme", ctx -> ctx.scheme())
				.post("/count",
						Handler.streaming(1L << 30,
								ctx -> ctx.bodyStream().map(ByteBuf::readableBytes).reduce(0L, Long::sum)))
				.get("/later", ctx -> Mono.delay(Duration.ofMillis(50)).thenReturn("later"))
				.build();
		}

	}

}
