package dev.fastro.autoconfigure;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.fastro.http.Routes;
import dev.fastro.http.spi.RequestPipeline;
import dev.fastro.http.spi.Transport;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.TestFiles;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.awaitility.Awaitility.await;

/**
 * A {@link Transport} that implements only what it must still answers with files: the
 * default of {@link Transport#sendFile} streams them, in chunks of at most 64 KB read off
 * the caller's thread, and closes the file at the end.
 */
@ExtendWith(NettyLeakDetection.class)
class SendFileDefaultTest {

	private static final int LENGTH = 200_000;

	@TempDir
	static Path files;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroStaticResourcesAutoConfiguration.class))
		.withUserConfiguration(FileRoutes.class);

	@BeforeAll
	static void writeFile() {
		TestFiles.write(files, "data.bin", TestFiles.content(LENGTH));
	}

	@Test
	void streamsAFileInChunksThroughATransportThatOnlyStreams() {
		Path file = files.resolve("data.bin");
		assumeTrue(TestFiles.openDescriptors(file) == 0, "this system lists open files");
		this.runner.run(context -> {
			StreamingTransport transport = new StreamingTransport();
			HttpHeaders responseHeaders = new DefaultHttpHeaders();
			Mono.from(context.getBean(RequestPipeline.class)
				.dispatch(transport, responseHeaders, "GET", "/data", new DefaultHttpHeaders(), responseHeaders, null))
				.block(Duration.ofSeconds(10));
			assertThat(transport.status).isEqualTo(200);
			assertThat(responseHeaders.get("content-type")).isEqualTo("application/octet-stream");
			assertThat(transport.chunks).hasSizeGreaterThan(1).allMatch((size) -> size <= 64 * 1024);
			assertThat(transport.body.toByteArray()).isEqualTo(TestFiles.content(LENGTH));
			await().atMost(Duration.ofSeconds(10)).until(() -> TestFiles.openDescriptors(file) == 0);
		});
	}

	/**
	 * A transport of the methods it must implement alone, which streams what it sends.
	 */
	static final class StreamingTransport implements Transport<HttpHeaders> {

		final List<Integer> chunks = new CopyOnWriteArrayList<>();

		final ByteArrayOutputStream body = new ByteArrayOutputStream();

		volatile int status;

		@Override
		public InetSocketAddress remoteAddress(HttpHeaders handle) {
			return new InetSocketAddress(InetAddress.getLoopbackAddress(), 50000);
		}

		@Override
		public String scheme(HttpHeaders handle) {
			return "http";
		}

		@Override
		public String host(HttpHeaders handle) {
			return "localhost";
		}

		@Override
		public int port(HttpHeaders handle) {
			return 80;
		}

		@Override
		public ByteBufAllocator alloc(HttpHeaders handle) {
			return ByteBufAllocator.DEFAULT;
		}

		@Override
		public Publisher<Void> send(HttpHeaders handle, int status, ByteBuf body) {
			this.status = status;
			return Mono.fromRunnable(() -> take(body));
		}

		@Override
		public Publisher<Void> stream(HttpHeaders handle, int status, Publisher<ByteBuf> body) {
			this.status = status;
			return Flux.from(body).doOnNext(this::take).then();
		}

		private void take(ByteBuf chunk) {
			try {
				this.chunks.add(chunk.readableBytes());
				this.body.writeBytes(ByteBufUtil.getBytes(chunk));
			}
			finally {
				chunk.release();
			}
		}

		@Override
		public boolean committed(HttpHeaders handle) {
			return this.status != 0;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class FileRoutes {

		@Bean
		Routes fileRoutes() {
			return Routes.builder().get("/data", ctx -> files.resolve("data.bin")).build();
		}

	}

}
