package dev.fastro.autoconfigure;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;

import com.aayushatharva.brotli4j.decoder.Decoder;
import com.github.luben.zstd.Zstd;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fastro.server.compression}: the encoding negotiated from
 * {@code Accept-Encoding}, and the answers that are never compressed.
 */
@ExtendWith(NettyLeakDetection.class)
class CompressionTest {

	/** A 10 KB JSON answer, the size the issue reports on. */
	private static final String LARGE_JSON = "[" + "\"compressible\",".repeat(700) + "\"end\"]";

	/** Whether Fastro's own HTTP/1.1 exchange serves the requests, or Reactor Netty's. */
	boolean onFastrosExchange = true;

	ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "fastro.server.compression.enabled=true",
				"fastro.server.compression.excluded-user-agents=OldBrowser/1.0")
		.withUserConfiguration(CompressibleRoutes.class);

	@Test
	void negotiatesTheEncodingFromAcceptEncodingAndItsQValues() {
		this.runner.run(context -> {
			assertThat(context.getBean(FastroServer.class).servesHttp1Exchanges()).isEqualTo(this.onFastrosExchange);
			for (Map.Entry<String, String> negotiation : Map
				.ofEntries(Map.entry("gzip", "gzip"), Map.entry("deflate", "deflate"), Map.entry("br", "br"),
						Map.entry("zstd", "zstd"), Map.entry("x-gzip", "gzip"), Map.entry("GZIP ; Q=1", "gzip"),
						Map.entry("*", "br"), Map.entry("gzip, *;q=0.5", "gzip"), Map.entry("gzip, *", "gzip"),
						Map.entry("br;q=0.5, gzip;q=0.9", "gzip"), Map.entry("gzip;q=0.5, br;q=0.9", "br"),
						Map.entry("br;q=0, gzip;q=0.1", "gzip"), Map.entry("deflate, gzip", "gzip"),
						Map.entry("gzip;q=0.2, deflate;q=0.8", "deflate"))
				.entrySet()) {
				HttpResponse<byte[]> response = get(context, "/large", "accept-encoding", negotiation.getKey());
				assertThat(response.statusCode()).isEqualTo(200);
				assertThat(response.headers().firstValue("content-encoding")).as(negotiation.getKey())
					.hasValue(negotiation.getValue());
				assertThat(response.headers().firstValue("vary")).hasValue("accept-encoding");
				assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
				assertThat(decode(negotiation.getValue(), response.body())).isEqualTo(LARGE_JSON);
			}
		});
	}

	@Test
	void sendsIdentityWithVaryWhenTheClientAcceptsNoEncoding() {
		this.runner.run(context -> {
			HttpResponse<byte[]> plain = get(context, "/large");
			assertThat(plain.headers().firstValue("content-encoding")).isEmpty();
			assertThat(plain.headers().firstValue("vary")).hasValue("accept-encoding");
			assertThat(new String(plain.body(), StandardCharsets.UTF_8)).isEqualTo(LARGE_JSON);

			for (String refusal : List.of("gzip;q=0", "identity", "compress", "*;q=0", "gzip;q=nope")) {
				HttpResponse<byte[]> refused = get(context, "/large", "accept-encoding", refusal);
				assertThat(refused.headers().firstValue("content-encoding")).as(refusal).isEmpty();
				assertThat(new String(refused.body(), StandardCharsets.UTF_8)).isEqualTo(LARGE_JSON);
			}
		});
	}

	@Test
	void neverCompressesSmallBodiesOtherTypesHeadNoContentOrEncodedBodies() {
		this.runner.run(context -> {
			HttpResponse<byte[]> small = get(context, "/small", "accept-encoding", "gzip");
			assertThat(small.headers().firstValue("content-encoding")).isEmpty();
			assertThat(small.headers().firstValue("vary")).isEmpty();
			assertThat(small.body()).isEqualTo("[\"small\"]".getBytes(StandardCharsets.UTF_8));

			HttpResponse<byte[]> binary = get(context, "/binary", "accept-encoding", "gzip");
			assertThat(binary.headers().firstValue("content-encoding")).isEmpty();
			assertThat(binary.headers().firstValue("vary")).isEmpty();
			assertThat(binary.body()).hasSize(4096);

			HttpResponse<byte[]> head = TestHttp.CLIENT.send(TestHttp.request(port(context), "/large")
				.method("HEAD", HttpRequest.BodyPublishers.noBody())
				.header("accept-encoding", "gzip")
				.build(), BodyHandlers.ofByteArray());
			assertThat(head.statusCode()).isEqualTo(200);
			assertThat(head.headers().firstValue("content-encoding")).isEmpty();

			HttpResponse<byte[]> noContent = get(context, "/none", "accept-encoding", "gzip");
			assertThat(noContent.statusCode()).isEqualTo(204);
			assertThat(noContent.headers().firstValue("content-encoding")).isEmpty();

			HttpResponse<byte[]> notModified = get(context, "/not-modified", "accept-encoding", "gzip");
			assertThat(notModified.statusCode()).isEqualTo(304);
			assertThat(notModified.headers().firstValue("content-encoding")).isEmpty();

			HttpResponse<byte[]> encoded = get(context, "/encoded", "accept-encoding", "br, gzip");
			assertThat(encoded.headers().allValues("content-encoding")).containsExactly("gzip");
			assertThat(decode("gzip", encoded.body())).isEqualTo(LARGE_JSON);
		});
	}

	@Test
	void compressesAStreamedAnswerOfUnknownLength() {
		this.runner.run(context -> {
			HttpResponse<byte[]> response = get(context, "/stream", "accept-encoding", "gzip");
			assertThat(response.headers().firstValue("content-encoding")).hasValue("gzip");
			assertThat(response.headers().firstValue("vary")).hasValue("accept-encoding");
			assertThat(decode("gzip", response.body())).isEqualTo(LARGE_JSON);
		});
	}

	@Test
	void answersPipelinedRequestsEachWithTheCodingItAccepts() {
		this.runner.run(context -> {
			try (RawHttp raw = new RawHttp(port(context))) {
				raw.send(rawRequest("GET", "/large", "accept-encoding: gzip")
						+ rawRequest("GET", "/large", "user-agent: OldBrowser/1.0", "accept-encoding: gzip")
						+ rawRequest("GET", "/small", "accept-encoding: gzip") + rawRequest("GET", "/large"));
				RawResponse gzip = raw.read();
				assertThat(gzip.header("content-encoding")).isEqualTo("gzip");
				assertThat(decode("gzip", gzip.body())).isEqualTo(LARGE_JSON);
				RawResponse excluded = raw.read();
				assertThat(excluded.header("content-encoding")).isNull();
				assertThat(excluded.bodyString()).isEqualTo(LARGE_JSON);
				assertThat(raw.read().bodyString()).isEqualTo("[\"small\"]");
				RawResponse identity = raw.read();
				assertThat(identity.header("content-encoding")).isNull();
				assertThat(identity.header("vary")).isEqualTo("accept-encoding");
				assertThat(identity.bodyString()).isEqualTo(LARGE_JSON);
			}
		});
	}

	@Test
	void leavesExcludedUserAgentsUncompressed() {
		this.runner.run(context -> {
			HttpResponse<byte[]> response = get(context, "/large", "accept-encoding", "gzip", "user-agent",
					"OldBrowser/1.0");
			assertThat(response.headers().firstValue("content-encoding")).isEmpty();
			assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(LARGE_JSON);
		});
	}

	@Test
	void isOffByDefault() {
		this.runner.withPropertyValues("fastro.server.compression.enabled=false").run(context -> {
			HttpResponse<byte[]> response = get(context, "/large", "accept-encoding", "gzip");
			assertThat(response.headers().firstValue("content-encoding")).isEmpty();
			assertThat(response.headers().firstValue("vary")).isEmpty();
			assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(LARGE_JSON);
		});
	}

	@Test
	void failsAtStartUpNamingAnInvalidMimeType() {
		this.runner.withPropertyValues("fastro.server.compression.mime-types=application/json,not a type")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("fastro.server.compression.mimeTypes[1]")
				.hasMessageContaining("not a type"));
	}

	private static HttpResponse<byte[]> get(ConfigurableApplicationContext context, String path, String... headers)
			throws Exception {
		HttpRequest.Builder request = TestHttp.request(port(context), path);
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		return TestHttp.CLIENT.send(request.build(), BodyHandlers.ofByteArray());
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	private static String decode(String encoding, byte[] body) throws IOException {
		byte[] decoded = switch (encoding) {
			case "gzip" -> readAll(new GZIPInputStream(new ByteArrayInputStream(body)));
			case "deflate" -> readAll(new InflaterInputStream(new ByteArrayInputStream(body)));
			case "br" -> Decoder.decompress(body).getDecompressedData();
			case "zstd" -> Zstd.decompress(body, LARGE_JSON.length());
			default -> throw new IllegalArgumentException(encoding);
		};
		return new String(decoded, StandardCharsets.UTF_8);
	}

	private static byte[] readAll(InputStream in) throws IOException {
		try (in) {
			return in.readAllBytes();
		}
	}

	private static byte[] gzip(String text) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
			out.write(text.getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	@Configuration(proxyBeanMethods = false)
	static class CompressibleRoutes {

		@Bean
		Routes compressible() {
			return Routes.builder()
				.get("/large", ctx -> Response.ok(LARGE_JSON).contentType("application/json"))
				.get("/small", ctx -> List.of("small"))
				.get("/stream",
						ctx -> Response.ok(new ByteArrayInputStream(LARGE_JSON.getBytes(StandardCharsets.UTF_8)))
							.contentType("application/json"))
				.get("/binary", ctx -> new byte[4096])
				.get("/none", ctx -> Response.noContent())
				.get("/not-modified", ctx -> Response.status(304))
				.get("/encoded",
						ctx -> Response.ok(gzip(LARGE_JSON))
							.contentType("application/json")
							.header("content-encoding", "gzip"))
				.build();
		}

	}

}
