package dev.fastro.autoconfigure.internal;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;

import dev.fastro.autoconfigure.FastroServerStartedEvent;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.router.internal.RouteCacheStats;
import dev.fastro.server.internal.FastroServer;
import io.netty.util.NetUtil;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Starts the Fastro server once the context is refreshed and stops it gracefully when the
 * context closes. On start it publishes the bound port as {@value #PORT_PROPERTY} and a
 * {@link FastroServerStartedEvent}, and logs one line with the address and the number of
 * routes.
 */
public class FastroServerLifecycle implements SmartLifecycle {

	/** The property holding the bound port. */
	public static final String PORT_PROPERTY = "local.fastro.port";

	private static final Log logger = LogFactory.getLog(FastroServerLifecycle.class);

	private final FastroServer server;

	private final Dispatcher dispatcher;

	private final Duration shutdownTimeout;

	private final ConfigurableEnvironment environment;

	private final ApplicationEventPublisher events;

	public FastroServerLifecycle(FastroServer server, Dispatcher dispatcher, Duration shutdownTimeout,
			ConfigurableEnvironment environment, ApplicationEventPublisher events) {
		this.server = server;
		this.dispatcher = dispatcher;
		this.shutdownTimeout = shutdownTimeout;
		this.environment = environment;
		this.events = events;
	}

	/** How long in-flight requests get to finish when the server stops. */
	public Duration shutdownTimeout() {
		return this.shutdownTimeout;
	}

	@Override
	public void start() {
		long started = System.nanoTime();
		this.server.start();
		InetSocketAddress address = this.server.address();
		this.environment.getPropertySources()
			.addFirst(new MapPropertySource("fastro.ports", Map.of(PORT_PROPERTY, address.getPort())));
		logger.info("Fastro serving " + this.dispatcher.router().routes().size() + " routes on " + url(address)
				+ " (bound in " + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms)");
		this.events.publishEvent(new FastroServerStartedEvent(this, address));
	}

	/**
	 * The URL to reach a bound address at, for the log: {@code localhost} for a wildcard
	 * bind, which is no address to connect to, and an IPv6 literal in brackets.
	 */
	static String url(InetSocketAddress address) {
		String authority = address.getAddress().isAnyLocalAddress() ? "localhost:" + address.getPort()
				: NetUtil.toSocketAddressString(address);
		return "http://" + authority;
	}

	@Override
	public void stop() {
		RouteCacheStats cache = this.dispatcher.router().cacheStats();
		this.server.stop(this.shutdownTimeout);
		logger.info("Fastro stopped; route cache served " + cache.hits() + " hits and " + cache.misses() + " misses");
	}

	@Override
	public boolean isRunning() {
		return this.server.isRunning();
	}

	/** Late to start and early to stop, like Spring Boot's own web servers. */
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 2048;
	}

}
