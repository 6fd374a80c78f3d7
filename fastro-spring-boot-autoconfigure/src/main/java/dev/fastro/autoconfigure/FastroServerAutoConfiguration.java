package dev.fastro.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.autoconfigure.internal.ResponseCompression;
import dev.fastro.autoconfigure.internal.RouteReport;
import dev.fastro.autoconfigure.internal.SslBundleCustomizer;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.http.internal.WebSocketEndpoint;
import dev.fastro.server.internal.CompressionRule;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.server.internal.Http2Limits;
import dev.fastro.server.internal.ServerOptions;
import dev.fastro.server.internal.TrustedProxies;
import dev.fastro.server.internal.WebSocketSettings;
import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.handler.ssl.ClientAuth;
import reactor.netty.http.server.HttpServer;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.ssl.NoSuchSslBundleException;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;
import org.springframework.util.unit.DataSize;

/**
 * Fastro's own Reactor Netty server, started and stopped with the application context.
 * Needs neither spring-webflux nor spring-webmvc, and serves in an application whose web
 * type is NONE.
 */
@AutoConfiguration(after = { FastroAutoConfiguration.class, SslAutoConfiguration.class })
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
public class FastroServerAutoConfiguration {

	/** Spring's own default for {@code spring.lifecycle.timeout-per-shutdown-phase}. */
	private static final Duration DEFAULT_SHUTDOWN_PHASE_TIMEOUT = Duration.ofSeconds(30);

	@Bean
	FastroServer fastroServer(FastroProperties properties, Dispatcher dispatcher, JsonCodec json, RequestLimits limits,
			ObjectProvider<DispatcherWrapper> wrappers, ObjectProvider<SslBundles> sslBundles,
			ObjectProvider<FastroServerCustomizer> customizers, ObjectProvider<Routes> routes) {
		FastroProperties.Server server = properties.getServer();
		if (server.getHttp1Exchange() == FastroProperties.Http1Exchange.REACTOR_NETTY) {
			refuseWebSockets(routes);
		}
		return server(server, server.getAddress(), server.getPort(), http2(server), ssl(server, sslBundles),
				compression(server), webSocket(properties.getWebsocket()), dispatcher, wrapAll(wrappers), json, limits,
				customizers.orderedStream().toList());
	}

	/**
	 * Fails start-up on a WebSocket route: Reactor Netty's exchange cannot hand a
	 * connection over to Fastro's WebSocket session.
	 */
	private static void refuseWebSockets(ObjectProvider<Routes> routes) {
		routes.orderedStream()
			.flatMap((declared) -> declared.routes().stream())
			.filter((route) -> route.handler() instanceof WebSocketEndpoint)
			.findFirst()
			.ifPresent((route) -> {
				throw new InvalidConfigurationPropertyValueException("fastro.server.http1-exchange", "reactor-netty",
						"The WebSocket route " + route + " needs Fastro's own HTTP/1.1 exchange, which alone "
								+ "switches a connection to WebSocket");
			});
	}

	/**
	 * A server for {@code dispatcher} on {@code host} and {@code port}, with the limits,
	 * timeouts and options of {@code fastro.server.*}, adjusted by the application's
	 * {@code customizers}: the application's server, and the management server.
	 * {@code http2} is the application's HTTP/2 limits when it serves HTTP/2, else
	 * {@code null}; {@code tls} and {@code compression} are {@code null} when off.
	 */
	static FastroServer server(FastroProperties.Server server, String host, int port, Http2Limits http2,
			SslBundleCustomizer tls, CompressionRule compression, WebSocketSettings webSocket, Dispatcher dispatcher,
			DispatcherWrapper wrapper, JsonCodec json, RequestLimits limits,
			List<? extends Function<HttpServer, HttpServer>> customizers) {
		ServerOptions options = new ServerOptions(host, port, server.getEventLoopThreads(),
				server.getMaxBodySize().toBytes(), (int) server.getMaxInitialLineLength().toBytes(),
				(int) server.getMaxHeaderSize().toBytes(), server.getIdleTimeout(), server.getReadTimeout(),
				(server.getForwardHeadersStrategy() == FastroProperties.ForwardHeadersStrategy.NATIVE)
						? TrustedProxies.of(server.getTrustedProxies()) : null,
				server.getAccessLog().isEnabled(), http2, allocator(server.getAllocator()), tls, compression,
				server.getHttp1Exchange() == FastroProperties.Http1Exchange.REACTOR_NETTY, webSocket);
		return new FastroServer(options, dispatcher, wrapper, json, limits, customizers);
	}

	/** The limits of {@code fastro.websocket.*}. */
	static WebSocketSettings webSocket(FastroProperties.WebSocket webSocket) {
		return new WebSocketSettings((int) webSocket.getMaxFrameSize().toBytes(),
				(int) webSocket.getMaxMessageSize().toBytes(), webSocket.getIdleTimeout(), webSocket.isCompression());
	}

	private static ByteBufAllocator allocator(FastroProperties.BufferAllocator allocator) {
		return switch (allocator) {
			case POOLED -> PooledByteBufAllocator.DEFAULT;
			case ADAPTIVE -> AdaptiveAllocator.INSTANCE;
		};
	}

	/**
	 * The wrappers in their order, the first one outermost, such as the observation of
	 * every request.
	 */
	static DispatcherWrapper wrapAll(ObjectProvider<DispatcherWrapper> wrappers) {
		return wrappers.orderedStream()
			.reduce((outer, inner) -> dispatcher -> outer.wrap(inner.wrap(dispatcher)))
			.orElse(dispatcher -> dispatcher);
	}

	private static Http2Limits http2(FastroProperties.Server server) {
		FastroProperties.Http2 http2 = server.getHttp2();
		if (!http2.isEnabled()) {
			return null;
		}
		DataSize headerListSize = (http2.getMaxHeaderListSize() != null) ? http2.getMaxHeaderListSize()
				: server.getMaxHeaderSize();
		return new Http2Limits(http2.getMaxConcurrentStreams(), (int) http2.getInitialWindowSize().toBytes(),
				(int) headerListSize.toBytes());
	}

	/** TLS from {@code fastro.server.ssl}, or {@code null} when it names no bundle. */
	private static SslBundleCustomizer ssl(FastroProperties.Server server, ObjectProvider<SslBundles> sslBundles) {
		String bundle = server.getSsl().getBundle();
		return StringUtils.hasText(bundle) ? ssl("fastro.server.ssl.bundle", bundle, server.getSsl().getClientAuth(),
				server.getHttp2().isEnabled(), sslBundles.getObject()) : null;
	}

	/** The rule of {@code fastro.server.compression}, or {@code null} when it is off. */
	private static CompressionRule compression(FastroProperties.Server server) {
		FastroProperties.Compression compression = server.getCompression();
		return compression.isEnabled() ? new ResponseCompression((int) compression.getMinResponseSize().toBytes(),
				List.of(compression.getMimeTypes()), List.of(compression.getExcludedUserAgents())) : null;
	}

	@Bean
	FastroServerLifecycle fastroServerLifecycle(FastroServer server, Dispatcher dispatcher, FastroProperties properties,
			ConfigurableEnvironment environment, ApplicationEventPublisher events, ListableBeanFactory beanFactory) {
		RouteReport report = new RouteReport(dispatcher, beanFactory.getBeansOfType(Middleware.class),
				properties.getRouter().isLogRoutes());
		return new FastroServerLifecycle(server, dispatcher, shutdownTimeout(properties.getServer(), environment),
				properties.getServer().getShutdownDelay(), report, environment, events);
	}

	/**
	 * TLS from the SSL bundle that {@code property} names, for the application's server
	 * or the management server.
	 */
	static SslBundleCustomizer ssl(String property, String bundleName, FastroProperties.ClientAuth clientAuth,
			boolean http2, SslBundles bundles) {
		SslBundle bundle;
		try {
			bundle = bundles.getBundle(bundleName);
		}
		catch (NoSuchSslBundleException ex) {
			throw new InvalidConfigurationPropertyValueException(property, bundleName,
					"There is no SSL bundle of that name; declare it under spring.ssl.bundle.pem or spring.ssl.bundle.jks.");
		}
		SslBundleCustomizer customizer = new SslBundleCustomizer(bundleName, bundle, switch (clientAuth) {
			case NONE -> ClientAuth.NONE;
			case WANT -> ClientAuth.OPTIONAL;
			case NEED -> ClientAuth.REQUIRE;
		}, http2);
		bundles.addBundleUpdateHandler(bundleName, customizer::update);
		return customizer;
	}

	/**
	 * Fastro's own {@code fastro.server.shutdown-timeout}, else what Spring Boot's
	 * servers would take: no grace with {@code server.shutdown=immediate}, otherwise the
	 * lifecycle's {@code spring.lifecycle.timeout-per-shutdown-phase}, which bounds
	 * Fastro's stop anyway.
	 */
	static Duration shutdownTimeout(FastroProperties.Server server, Environment environment) {
		if (server.getShutdownTimeout() != null) {
			return server.getShutdownTimeout();
		}
		Binder binder = Binder.get(environment);
		if (binder.bind("server.shutdown", String.class).map("immediate"::equalsIgnoreCase).orElse(false)) {
			return Duration.ZERO;
		}
		return binder.bind("spring.lifecycle.timeout-per-shutdown-phase", Duration.class)
			.orElse(DEFAULT_SHUTDOWN_PHASE_TIMEOUT);
	}

	/**
	 * Beside Spring Boot's own embedded web server, Fastro's must not take the same port.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(WebServerApplicationContext.class)
	@ConditionalOnWebApplication
	static class WebServerPortCheckConfiguration {

		@Bean
		WebServerPortCheck fastroWebServerPortCheck(ApplicationContext context, FastroProperties properties) {
			return new WebServerPortCheck(context, properties.getServer());
		}

	}

	/**
	 * The adaptive allocator, made on first use and then shared by every server, as
	 * {@link PooledByteBufAllocator#DEFAULT} is.
	 */
	private static final class AdaptiveAllocator {

		static final ByteBufAllocator INSTANCE = new AdaptiveByteBufAllocator();

	}

}
