package dev.fastro.autoconfigure.internal;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;

import dev.fastro.autoconfigure.FastroServerStartedEvent;
import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.router.internal.RouteCacheStats;
import dev.fastro.server.internal.FastroServer;
import io.netty.util.NetUtil;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Starts a Fastro server once the context is refreshed and stops it gracefully when the
 * context closes. On start it publishes the bound port as a property
 * ({@value #PORT_PROPERTY} for the application's server, which also publishes a
 * {@link FastroServerStartedEvent}), and logs one line with the address and the number of
 * routes, then the application's server logs its {@link RouteReport}. When the context
 * starts closing, before any server drains, the application's server makes the
 * application's readiness {@link ReadinessState#REFUSING_TRAFFIC}, as Spring Boot's own
 * web server contexts do, so that a readiness probe fails while in-flight requests
 * finish.
 */
public class FastroServerLifecycle implements SmartLifecycle, ApplicationListener<ContextClosedEvent> {

	/** The property holding the bound port of the application's server. */
	public static final String PORT_PROPERTY = LocalFastroPort.PROPERTY;

	/**
	 * The property holding the bound port of the management server, named as Spring Boot
	 * names it.
	 */
	public static final String MANAGEMENT_PORT_PROPERTY = "local.management.port";

	private static final Log logger = LogFactory.getLog(FastroServerLifecycle.class);

	private final FastroServer server;

	private final Dispatcher dispatcher;

	private final Duration shutdownTimeout;

	private final Duration shutdownDelay;

	private final RouteReport report;

	private final ConfigurableEnvironment environment;

	private final ApplicationEventPublisher events;

	private final String portProperty;

	// Whether the context is closing, and readiness refuses traffic.
	private volatile boolean refusingTraffic;

	/**
	 * The application's server: its port is {@value #PORT_PROPERTY}.
	 * @param shutdownDelay how long it serves on once readiness refuses traffic, before
	 * it drains
	 * @param report the report of its routes, logged as it starts
	 */
	public FastroServerLifecycle(FastroServer server, Dispatcher dispatcher, Duration shutdownTimeout,
			Duration shutdownDelay, RouteReport report, ConfigurableEnvironment environment,
			ApplicationEventPublisher events) {
		this(server, dispatcher, shutdownTimeout, shutdownDelay, report, environment, events, PORT_PROPERTY);
	}

	private FastroServerLifecycle(FastroServer server, Dispatcher dispatcher, Duration shutdownTimeout,
			Duration shutdownDelay, RouteReport report, ConfigurableEnvironment environment,
			ApplicationEventPublisher events, String portProperty) {
		this.server = server;
		this.dispatcher = dispatcher;
		this.shutdownTimeout = shutdownTimeout;
		this.shutdownDelay = shutdownDelay;
		this.report = report;
		this.environment = environment;
		this.events = events;
		this.portProperty = portProperty;
	}

	/**
	 * The management server: its port is {@value #MANAGEMENT_PORT_PROPERTY}, it starts
	 * before the application's server and stops after it, so that health probes answer
	 * while the application's server drains.
	 */
	public static SmartLifecycle management(FastroServer server, Dispatcher dispatcher, Duration shutdownTimeout,
			ConfigurableEnvironment environment, ApplicationEventPublisher events) {
		FastroServerLifecycle lifecycle = new FastroServerLifecycle(server, dispatcher, shutdownTimeout, Duration.ZERO,
				null, environment, events, MANAGEMENT_PORT_PROPERTY);
		// Not of type FastroServerLifecycle: the application's server's is the one bean.
		return new SmartLifecycle() {

			@Override
			public void start() {
				lifecycle.start();
			}

			@Override
			public void stop() {
				lifecycle.stop();
			}

			@Override
			public boolean isRunning() {
				return lifecycle.isRunning();
			}

			@Override
			public int getPhase() {
				return lifecycle.getPhase();
			}

			@Override
			public String toString() {
				return "Fastro management server";
			}

		};
	}

	private boolean isManagement() {
		return MANAGEMENT_PORT_PROPERTY.equals(this.portProperty);
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
			.addFirst(new MapPropertySource(this.portProperty, Map.of(this.portProperty, address.getPort())));
		logger.info("Fastro " + (isManagement() ? "management server " : "") + "serving "
				+ this.dispatcher.router().routes().size() + " routes on " + url(address) + " (bound in "
				+ Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms"
				+ (this.server.servesHttp1Exchanges() ? "" : "; HTTP/1.1 through Reactor Netty's exchange") + ")");
		if (!isManagement()) {
			// The management server's routes are Actuator's, which the user did not
			// write.
			this.report.log();
			this.events.publishEvent(new FastroServerStartedEvent(this, address));
		}
	}

	/**
	 * Refuses traffic when this lifecycle's context closes; the injected publisher is
	 * that context. Not on {@link #stop()}: a context stopped to be started again, as a
	 * test context cache pauses one, stays ready.
	 */
	@Override
	public void onApplicationEvent(ContextClosedEvent event) {
		if (event.getApplicationContext() == this.events) {
			AvailabilityChangeEvent.publish(this.events, this, ReadinessState.REFUSING_TRAFFIC);
			this.refusingTraffic = true;
		}
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
		if (this.refusingTraffic && !this.shutdownDelay.isZero()) {
			serveOn(this.shutdownDelay);
		}
		RouteCacheStats cache = this.dispatcher.router().cacheStats();
		this.server.stop(this.shutdownTimeout);
		logger.info("Fastro " + (isManagement() ? "management server " : "") + "stopped; route cache served "
				+ cache.hits() + " hits and " + cache.misses() + " misses");
	}

	/**
	 * Serves on while a balancer that routes by readiness notices that it refuses
	 * traffic: a request sent on a connection as the drain closes it would be lost.
	 */
	private static void serveOn(Duration delay) {
		logger.info("Fastro: readiness refuses traffic; serving on for " + delay + " before draining");
		try {
			Thread.sleep(delay.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.server.isRunning();
	}

	/**
	 * Late to start and early to stop, like Spring Boot's own web servers; the management
	 * server one phase earlier to start and later to stop.
	 */
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 2048 - (isManagement() ? 1 : 0);
	}

}
