package dev.fastro.autoconfigure;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import dev.fastro.test.TestCertificates;
import dev.fastro.test.TestCertificates.Identity;
import dev.fastro.test.TestFiles;
import dev.fastro.test.TestHttp;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.FileRegion;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import reactor.netty.http.HttpProtocol;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * How a file leaves on each connection: as it is, a {@link FileRegion} the kernel copies
 * to the socket, on a plain HTTP/1.1 connection, and in chunks wherever TLS, compression
 * or HTTP/2 has to see its bytes, each with its length. A handler first in the pipeline
 * sees what the connection writes.
 */
@ExtendWith(NettyLeakDetection.class)
class FileTransportsTest {

	private static final int BIG = 10 << 20;

	private static final Duration WAIT = Duration.ofSeconds(30);

	@TempDir
	static Path files;

	static Identity server;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, JacksonAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class,
				FastroStaticResourcesAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(FileRoutes.class);

	@BeforeAll
	static void writeFiles() {
		TestFiles.write(files, "big.bin", TestFiles.content(BIG));
		TestFiles.write(files, "page.html", "<p>Hello</p>\n".repeat(1000).getBytes(StandardCharsets.UTF_8));
		server = TestCertificates.create(files, "server");
	}

	@Test
	void sendsABigFileAsAFileRegionOnPlainHttp11WithoutReadingItIntoTheHeap() {
		this.runner.run(context -> {
			HttpResponse<byte[]> response = TestHttp.CLIENT.send(TestHttp.request(port(context), "/big").build(),
					BodyHandlers.ofByteArray());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(response, "content-length")).isEqualTo(Integer.toString(BIG));
			assertThat(response.body()).isEqualTo(TestFiles.content(BIG));
			Written written = context.getBean(Written.class);
			assertThat(written.inFileRegions).hasValue(BIG);
			// The head alone went through a buffer.
			assertThat(written.inBuffers.get()).isLessThan(1024);
		});
	}

	@Test
	void sendsARangeAsAFileRegionOnReactorNettysExchange() {
		this.runner.withPropertyValues("fastro.server.http1-exchange=reactor-netty").run(context -> {
			assertThat(context.getBean(FastroServer.class).servesHttp1Exchanges()).isFalse();
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse response = raw.send(rawRequest("GET", "/big", "range: bytes=1000-1999")).read();
				assertThat(response.status()).isEqualTo(206);
				assertThat(response.header("content-length")).isEqualTo("1000");
				assertThat(response.body()).isEqualTo(Arrays.copyOfRange(TestFiles.content(BIG), 1000, 2000));
			}
			assertThat(context.getBean(Written.class).inFileRegions).hasValue(1000);
		});
	}

	@Test
	void sendsAFileInChunksOverTls() {
		this.runner.withPropertyValues(server.keyStoreBundle("server")).run(context -> {
			HttpClient client = HttpClient.newBuilder()
				.version(HttpClient.Version.HTTP_1_1)
				.sslContext(TestCertificates.clientContext(null, server))
				.build();
			HttpResponse<byte[]> response = client
				.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port(context) + "/big"))
					.timeout(WAIT)
					.build(), BodyHandlers.ofByteArray());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(TestHttp.header(response, "content-length")).isEqualTo(Integer.toString(BIG));
			assertThat(TestHttp.header(response, "transfer-encoding")).isNull();
			assertThat(response.body()).isEqualTo(TestFiles.content(BIG));
			assertThat(context.getBean(Written.class).inFileRegions).hasValue(0);
			// The connection carries on once the chunked writer is gone.
			HttpResponse<byte[]> again = client
				.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port(context) + "/page.html"))
					.timeout(WAIT)
					.build(), BodyHandlers.ofByteArray());
			assertThat(again.statusCode()).isEqualTo(200);
		});
	}

	@Test
	void closesTheFileWhenATlsClientGoesAwayMidFile() {
		Path big = files.resolve("big.bin");
		assumeTrue(TestFiles.openDescriptors(big) == 0, "this system lists open files");
		this.runner.withPropertyValues(server.keyStoreBundle("server")).run(context -> {
			try (RawHttp raw = RawHttp.overTls(TestCertificates.clientContext(null, server), port(context),
					RawHttp.READ_TIMEOUT)) {
				raw.send(rawRequest("GET", "/big"));
				assertThat(raw.readBytes(256 * 1024)).hasSize(256 * 1024);
				raw.reset();
			}
			await().atMost(WAIT).until(() -> TestFiles.openDescriptors(big) == 0);
		});
	}

	@Test
	void sendsAFileInChunksOverHttp2() {
		this.runner.withPropertyValues("fastro.server.http2.enabled=true").run(context -> {
			byte[] body = reactor.netty.http.client.HttpClient.create()
				.protocol(HttpProtocol.H2C)
				.port(port(context))
				.get()
				.uri("/big")
				.responseSingle((response, content) -> {
					assertThat(response.version().majorVersion()).isEqualTo(2);
					assertThat(response.responseHeaders().get("content-length")).isEqualTo(Integer.toString(BIG));
					return content.asByteArray();
				})
				.block(WAIT);
			assertThat(body).isEqualTo(TestFiles.content(BIG));
			String range = reactor.netty.http.client.HttpClient.create()
				.protocol(HttpProtocol.H2C)
				.port(port(context))
				.headers((headers) -> headers.set("range", "bytes=-3"))
				.get()
				.uri("/big")
				.responseSingle((response, content) -> content.asByteArray()
					.map((bytes) -> response.status().code() + " " + response.responseHeaders().get("content-range")
							+ " " + bytes.length))
				.block(WAIT);
			assertThat(range).isEqualTo("206 bytes " + (BIG - 3) + "-" + (BIG - 1) + "/" + BIG + " 3");
		});
	}

	@Test
	void compressesATextFileInChunksAndNeverARange() {
		this.runner.withPropertyValues("fastro.server.compression.enabled=true").run(context -> {
			byte[] html = "<p>Hello</p>\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
			try (RawHttp raw = new RawHttp(port(context))) {
				RawResponse compressed = raw.send(rawRequest("GET", "/page.html", "accept-encoding: gzip")).read();
				assertThat(compressed.status()).isEqualTo(200);
				assertThat(compressed.header("content-encoding")).isEqualTo("gzip");
				assertThat(new GZIPInputStream(new ByteArrayInputStream(compressed.body())).readAllBytes())
					.isEqualTo(html);
				RawResponse range = raw
					.send(rawRequest("GET", "/page.html", "accept-encoding: gzip", "range: bytes=0-9"))
					.read();
				assertThat(range.status()).isEqualTo(206);
				assertThat(range.header("content-encoding")).isNull();
				assertThat(range.body()).isEqualTo(Arrays.copyOfRange(html, 0, 10));
			}
			assertThat(context.getBean(Written.class).inFileRegions).hasValue(0);
		});
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	/** What the server's connections wrote, first in their pipelines. */
	@Sharable
	static final class Written extends ChannelOutboundHandlerAdapter {

		final AtomicLong inFileRegions = new AtomicLong();

		final AtomicLong inBuffers = new AtomicLong();

		@Override
		public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
			if (msg instanceof FileRegion region) {
				this.inFileRegions.addAndGet(region.count());
			}
			else if (msg instanceof ByteBuf buffer) {
				this.inBuffers.addAndGet(buffer.readableBytes());
			}
			super.write(ctx, msg, promise);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class FileRoutes {

		@Bean
		Written written() {
			return new Written();
		}

		@Bean
		FastroServerCustomizer recordWrites(Written written) {
			return (server) -> server
				.doOnChannelInit((observer, channel, remote) -> channel.pipeline().addFirst("test.written", written));
		}

		@Bean
		Routes fileRoutes() {
			return Routes.builder()
				.get("/big", ctx -> files.resolve("big.bin"))
				.get("/page.html", ctx -> files.resolve("page.html"))
				.build();
		}

	}

}
