package dev.fastro.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.fastro.http.Routes;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.TestCertificates;
import dev.fastro.test.TestCertificates.Identity;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContentCompressor;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.ssl.SslHandler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * TLS, HTTP/2 and compression off (their defaults) cost an HTTP/1.1 connection nothing:
 * as it writes an answer the client would accept compressed, its pipeline holds none of
 * the handlers those features add. The same server with each feature on shows that the
 * check sees them: the TLS handler, the h2c upgrade, the compressor.
 */
@ExtendWith(NettyLeakDetection.class)
class FeaturesOffTest {

	@TempDir
	static Path keys;

	static Identity server;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, JacksonAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(RecordedPipelines.class);

	@BeforeAll
	static void createKeys() {
		server = TestCertificates.create(keys, "server");
	}

	@Test
	void anHttp11ConnectionWithTheFeaturesOffHoldsNoneOfTheirHandlers() {
		Map<String, String> off = pipelineAnswering(this.runner, false);
		assertThat(off).as("handlers with the features off").containsKey("fastro.messages");
		assertThat(off.values()).as("handlers with the features off").noneMatch(FeaturesOffTest::addedByAFeature);

		Map<String, String> compression = pipelineAnswering(
				this.runner.withPropertyValues("fastro.server.compression.enabled=true"), false);
		assertThat(compression.values()).as("with compression").anyMatch(FeaturesOffTest::addedByAFeature);
		Map<String, String> h2c = pipelineAnswering(this.runner.withPropertyValues("fastro.server.http2.enabled=true"),
				false);
		assertThat(h2c.values()).as("with HTTP/2").anyMatch(FeaturesOffTest::addedByAFeature);
		Map<String, String> tls = pipelineAnswering(this.runner.withPropertyValues(server.keyStoreBundle("server")),
				true);
		assertThat(tls.values()).as("with TLS").anyMatch(FeaturesOffTest::addedByAFeature);
	}

	/**
	 * Whether a handler type is one TLS, HTTP/2 or compression adds: Netty's TLS handler,
	 * its HTTP/1.1 upgrade to h2c, its compressor, or any HTTP/2 codec (Netty's or
	 * Reactor Netty's).
	 */
	private static boolean addedByAFeature(String type) {
		try {
			Class<?> handler = Class.forName(type);
			return SslHandler.class.isAssignableFrom(handler) || HttpContentCompressor.class.isAssignableFrom(handler)
					|| HttpServerUpgradeHandler.class.isAssignableFrom(handler) || type.contains("Http2")
					|| type.contains("H2");
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The handlers, name to type, of the connection as the server wrote its answer to an
	 * HTTP/1.1 request that accepts gzip, for a large text body.
	 */
	private static Map<String, String> pipelineAnswering(ApplicationContextRunner runner, boolean secure) {
		Map<String, String> handlers = new ConcurrentHashMap<>();
		runner.run(context -> {
			int port = context.getBean(FastroServer.class).port();
			HttpClient.Builder client = HttpClient.newBuilder()
				.version(HttpClient.Version.HTTP_1_1)
				.connectTimeout(Duration.ofSeconds(5));
			if (secure) {
				client.sslContext(TestCertificates.clientContext(null, server));
			}
			HttpRequest request = HttpRequest
				.newBuilder(URI.create((secure ? "https://localhost:" : "http://localhost:") + port + "/large"))
				.header("accept-encoding", "gzip")
				.timeout(Duration.ofSeconds(10))
				.build();
			assertThat(client.build().send(request, BodyHandlers.ofByteArray()).statusCode()).isEqualTo(200);
			handlers.putAll(context.getBean(RecordedPipelines.class).handlers);
		});
		return handlers;
	}

	@Configuration(proxyBeanMethods = false)
	static class RecordedPipelines {

		/** Every handler seen on a connection as it wrote, name to type. */
		final Map<String, String> handlers = new ConcurrentHashMap<>();

		@Bean
		FastroServerCustomizer recordPipelines() {
			return server -> server.doOnChannelInit((observer, channel, remote) -> channel.pipeline()
				.addFirst("test.recorder", new PipelineRecorder(this.handlers)));
		}

		@Bean
		Routes large() {
			return Routes.builder().get("/large", ctx -> "x".repeat(8192)).build();
		}

	}

	/**
	 * First in the pipeline, so every write passes it: notes the pipeline's handlers as
	 * they are while the answer goes out.
	 */
	private static final class PipelineRecorder extends ChannelOutboundHandlerAdapter {

		private final Map<String, String> handlers;

		PipelineRecorder(Map<String, String> handlers) {
			this.handlers = handlers;
		}

		@Override
		public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
			for (Map.Entry<String, ChannelHandler> handler : ctx.pipeline()) {
				if (handler.getValue() != this) {
					this.handlers.put(handler.getKey(), handler.getValue().getClass().getName());
				}
			}
			super.write(ctx, msg, promise);
		}

	}

}
