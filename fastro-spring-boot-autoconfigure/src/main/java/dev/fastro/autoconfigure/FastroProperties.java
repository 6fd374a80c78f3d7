package dev.fastro.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration of Fastro, under {@code fastro.*}.
 */
@ConfigurationProperties("fastro")
public class FastroProperties {

	/**
	 * Whether Fastro serves at all. When false, none of its beans are created.
	 */
	private boolean enabled = true;

	private final Server server = new Server();

	private final Router router = new Router();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Server getServer() {
		return this.server;
	}

	public Router getRouter() {
		return this.router;
	}

	/** The Reactor Netty server. */
	public static class Server {

		/**
		 * Address the server binds to.
		 */
		private String address = "0.0.0.0";

		/**
		 * Port the server listens on; 0 picks a free one, published as 'local.fastro.port'.
		 */
		private int port = 8080;

		/**
		 * Number of event-loop threads; 0 keeps Reactor Netty's default of one per core.
		 */
		private int eventLoopThreads = 0;

		/**
		 * Largest request body accepted; a larger one is answered 413 without being read into memory.
		 */
		private DataSize maxBodySize = DataSize.ofMegabytes(1);

		/**
		 * Most query parameters, or url-encoded form fields, one request may carry; more is a 400.
		 */
		private int maxParameters = 1000;

		/**
		 * How long a keep-alive connection may stay idle before the server closes it.
		 */
		private Duration idleTimeout = Duration.ofSeconds(60);

		/**
		 * How long in-flight requests may take to finish when the application stops.
		 */
		private Duration shutdownTimeout = Duration.ofSeconds(30);

		public String getAddress() {
			return this.address;
		}

		public void setAddress(String address) {
			this.address = address;
		}

		public int getPort() {
			return this.port;
		}

		public void setPort(int port) {
			require(port >= 0 && port <= 65535, "must be between 0 and 65535, not " + port);
			this.port = port;
		}

		public int getEventLoopThreads() {
			return this.eventLoopThreads;
		}

		public void setEventLoopThreads(int eventLoopThreads) {
			require(eventLoopThreads >= 0, "must be 0 (Reactor Netty's default) or more, not " + eventLoopThreads);
			this.eventLoopThreads = eventLoopThreads;
		}

		public DataSize getMaxBodySize() {
			return this.maxBodySize;
		}

		public void setMaxBodySize(DataSize maxBodySize) {
			require(maxBodySize.toBytes() >= 0, "must not be negative, not " + maxBodySize);
			this.maxBodySize = maxBodySize;
		}

		public int getMaxParameters() {
			return this.maxParameters;
		}

		public void setMaxParameters(int maxParameters) {
			require(maxParameters >= 1, "must be at least 1, not " + maxParameters);
			this.maxParameters = maxParameters;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			require(!idleTimeout.isNegative() && !idleTimeout.isZero(), "must be positive, not " + idleTimeout);
			this.idleTimeout = idleTimeout;
		}

		public Duration getShutdownTimeout() {
			return this.shutdownTimeout;
		}

		public void setShutdownTimeout(Duration shutdownTimeout) {
			require(!shutdownTimeout.isNegative(), "must not be negative, not " + shutdownTimeout);
			this.shutdownTimeout = shutdownTimeout;
		}

	}

	/** Routing. */
	public static class Router {

		/**
		 * Whether a trailing slash is ignored, so '/users/' matches '/users'. Strict when false.
		 */
		private boolean ignoreTrailingSlash = false;

		private final Cache cache = new Cache();

		public boolean isIgnoreTrailingSlash() {
			return this.ignoreTrailingSlash;
		}

		public void setIgnoreTrailingSlash(boolean ignoreTrailingSlash) {
			this.ignoreTrailingSlash = ignoreTrailingSlash;
		}

		public Cache getCache() {
			return this.cache;
		}

	}

	/** The route-context cache, which remembers the match of a method and path with parameters. */
	public static class Cache {

		/**
		 * Whether matches of routes with parameters are cached. Static routes never need it.
		 */
		private boolean enabled = true;

		/**
		 * Most cached matches per HTTP method; the least useful are evicted past it (W-TinyLFU).
		 */
		private long maxSize = 10_000;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public long getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(long maxSize) {
			require(maxSize >= 1, "must be at least 1, not " + maxSize);
			this.maxSize = maxSize;
		}

	}

	private static void require(boolean condition, String message) {
		if (!condition) {
			throw new IllegalArgumentException(message);
		}
	}

}
