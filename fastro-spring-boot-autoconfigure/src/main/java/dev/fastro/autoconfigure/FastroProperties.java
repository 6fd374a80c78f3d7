package dev.fastro.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.server.internal.TrustedProxies;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeTypeUtils;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Configuration of Fastro, under {@code fastro.*}.
 */
@ConfigurationProperties("fastro")
public class FastroProperties implements Validator {

	/**
	 * Whether Fastro serves at all. When false, none of its beans are created.
	 */
	private boolean enabled = true;

	private final Server server = new Server();

	private final Router router = new Router();

	private final Static staticResources = new Static();

	private final Multipart multipart = new Multipart();

	private final WebSocket websocket = new WebSocket();

	private final Sse sse = new Sse();

	private final Security security = new Security();

	private final OpenApi openapi = new OpenApi();

	private final Metrics metrics = new Metrics();

	private final LoadShedding loadShedding = new LoadShedding();

	/**
	 * Options of single routes ('request-timeout', 'max-body-size', 'max-in-flight'),
	 * keyed by method and pattern as declared, group prefixes included, in brackets:
	 * '[POST /uploads/{id}]'. They take the place of the options the code and the route's
	 * groups set. Unset: routes are served as the code declares them.
	 */
	private final Map<String, RouteOptions> routes = new LinkedHashMap<>();

	/**
	 * Options of the routes of a group and its inner groups ('request-timeout',
	 * 'max-body-size', 'max-in-flight'), keyed by the group's full prefix in brackets:
	 * '[/uploads]'. They take the place of the options the code sets. Unset: routes are
	 * served as the code declares them.
	 */
	private final Map<String, RouteOptions> groups = new LinkedHashMap<>();

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

	public Static getStatic() {
		return this.staticResources;
	}

	public Multipart getMultipart() {
		return this.multipart;
	}

	public WebSocket getWebsocket() {
		return this.websocket;
	}

	public Sse getSse() {
		return this.sse;
	}

	public Security getSecurity() {
		return this.security;
	}

	public OpenApi getOpenapi() {
		return this.openapi;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public LoadShedding getLoadShedding() {
		return this.loadShedding;
	}

	public Map<String, RouteOptions> getRoutes() {
		return this.routes;
	}

	public Map<String, RouteOptions> getGroups() {
		return this.groups;
	}

	/** Options of a route or of the routes of a group. */
	public static class RouteOptions {

		/**
		 * How long the route's answer may take, in place of
		 * 'fastro.server.request-timeout'. Unset: as the code declares it.
		 */
		private Duration requestTimeout;

		/**
		 * The largest request body the route accepts, in place of
		 * 'fastro.server.max-body-size' (and, for a multipart body,
		 * 'fastro.multipart.max-request-size'). Unset: as the code declares it.
		 */
		private DataSize maxBodySize;

		/**
		 * The most requests in flight on the route at once (for a group: on each of its
		 * routes), beside 'fastro.load-shedding.max-in-flight'; the one past it is
		 * answered 503 with Retry-After. Unset: as the code declares it.
		 */
		private Integer maxInFlight;

		public Duration getRequestTimeout() {
			return this.requestTimeout;
		}

		public void setRequestTimeout(Duration requestTimeout) {
			this.requestTimeout = requestTimeout;
		}

		public DataSize getMaxBodySize() {
			return this.maxBodySize;
		}

		public void setMaxBodySize(DataSize maxBodySize) {
			this.maxBodySize = maxBodySize;
		}

		public Integer getMaxInFlight() {
			return this.maxInFlight;
		}

		public void setMaxInFlight(Integer maxInFlight) {
			this.maxInFlight = maxInFlight;
		}

	}

	/** The Reactor Netty server. */
	public static class Server {

		/**
		 * Address the server binds to.
		 */
		private String address = "0.0.0.0";

		/**
		 * Port the server listens on; 0 picks a free one, published as
		 * 'local.fastro.port'.
		 */
		private int port = 8080;

		/**
		 * Number of event-loop threads; 0 keeps Reactor Netty's default: the system
		 * property reactor.netty.ioWorkerCount, else one per core but at least 4.
		 */
		private int eventLoopThreads = 0;

		/**
		 * Largest request body accepted, at most 2GB since a body is received whole; a
		 * larger one is answered 413 without being read into memory. The limit of a
		 * streaming route too, unless the route sets its own.
		 */
		private DataSize maxBodySize = DataSize.ofMegabytes(1);

		/**
		 * Most query parameters, or form fields (a multipart body's parts, files
		 * included), one request may carry; more is a 400.
		 */
		private int maxParameters = 1000;

		/**
		 * Longest request line (method, target and version); a longer one is answered
		 * 414.
		 */
		private DataSize maxInitialLineLength = DataSize.ofKilobytes(4);

		/**
		 * Largest total size of a request's header lines; larger is answered 431.
		 */
		private DataSize maxHeaderSize = DataSize.ofKilobytes(8);

		/**
		 * How long a keep-alive connection may stay idle before the server closes it.
		 */
		private Duration idleTimeout = Duration.ofSeconds(60);

		/**
		 * How long a client may take to send a request's headers, from its first byte,
		 * and then its body; a slower client is answered 408 or cut off.
		 */
		private Duration readTimeout = Duration.ofSeconds(20);

		/**
		 * How long a handler may take to produce its answer before the request is
		 * answered 503 and its asynchronous or blocking work is cancelled. Unset: no
		 * limit.
		 */
		private Duration requestTimeout;

		/**
		 * How long in-flight requests may take to finish when the application stops.
		 * Unset: as Spring Boot's own servers, none with server.shutdown=immediate, else
		 * spring.lifecycle.timeout-per-shutdown-phase (30s by default).
		 */
		private Duration shutdownTimeout;

		/**
		 * How long the server serves on when the application stops, once readiness
		 * refuses traffic and before it drains: longer than a balancer that routes by
		 * readiness takes to notice (its check interval times the checks it needs), since
		 * a request sent on a connection as the drain closes it is lost. The stop's whole
		 * time, this and the shutdown timeout, counts against
		 * spring.lifecycle.timeout-per-shutdown-phase. On Kubernetes a preStop pause does
		 * the same.
		 */
		private Duration shutdownDelay = Duration.ZERO;

		/**
		 * Whether the client's address, scheme, host and port come from the Forwarded and
		 * X-Forwarded-* headers a proxy sets: none, or native. A malformed value is a
		 * 400. Without trusted-proxies, the headers of every client are believed, so set
		 * native only behind a proxy that sets them and drops those sent by clients.
		 */
		private ForwardHeadersStrategy forwardHeadersStrategy = ForwardHeadersStrategy.NONE;

		/**
		 * With forward-headers-strategy=native, the proxies whose forwarded headers are
		 * read, as IP addresses or CIDR ranges (10.0.0.0/8, ::1). Set, a request from any
		 * other peer keeps its connection's address, scheme and host, and the client is
		 * the last address in X-Forwarded-For (or Forwarded) that is no trusted proxy.
		 * Unset: every peer and every address is trusted, and the client is the first
		 * address listed.
		 */
		private List<String> trustedProxies = new ArrayList<>();

		/**
		 * Netty's buffer allocator for the server's connections: pooled, whose arenas
		 * keep a cache per event loop, for a little less CPU per request and more
		 * resident memory (4 MB chunks held per arena), or adaptive, Netty's default
		 * since 4.2, which keeps less memory when many threads allocate. Netty's
		 * io.netty.allocator.type system property does not apply to them.
		 */
		private BufferAllocator allocator = BufferAllocator.POOLED;

		/**
		 * Which exchange serves HTTP/1.1 requests: fastro, Fastro's own, or
		 * reactor-netty, Reactor Netty's, which costs more per request and applies what a
		 * FastroServerCustomizer sets for request handling (Reactor Netty's compression,
		 * access log, forwarded headers or routes), but cannot serve WebSocket routes.
		 * HTTP/2 streams are served by Reactor Netty's exchange either way.
		 */
		private Http1Exchange http1Exchange = Http1Exchange.FASTRO;

		private final AccessLog accessLog = new AccessLog();

		private final Compression compression = new Compression();

		private final Ssl ssl = new Ssl();

		private final Http2 http2 = new Http2();

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
			this.port = port;
		}

		public int getEventLoopThreads() {
			return this.eventLoopThreads;
		}

		public void setEventLoopThreads(int eventLoopThreads) {
			this.eventLoopThreads = eventLoopThreads;
		}

		public DataSize getMaxBodySize() {
			return this.maxBodySize;
		}

		public void setMaxBodySize(DataSize maxBodySize) {
			this.maxBodySize = maxBodySize;
		}

		public int getMaxParameters() {
			return this.maxParameters;
		}

		public void setMaxParameters(int maxParameters) {
			this.maxParameters = maxParameters;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

		public DataSize getMaxInitialLineLength() {
			return this.maxInitialLineLength;
		}

		public void setMaxInitialLineLength(DataSize maxInitialLineLength) {
			this.maxInitialLineLength = maxInitialLineLength;
		}

		public DataSize getMaxHeaderSize() {
			return this.maxHeaderSize;
		}

		public void setMaxHeaderSize(DataSize maxHeaderSize) {
			this.maxHeaderSize = maxHeaderSize;
		}

		public Duration getReadTimeout() {
			return this.readTimeout;
		}

		public void setReadTimeout(Duration readTimeout) {
			this.readTimeout = readTimeout;
		}

		public Duration getRequestTimeout() {
			return this.requestTimeout;
		}

		public void setRequestTimeout(Duration requestTimeout) {
			this.requestTimeout = requestTimeout;
		}

		public AccessLog getAccessLog() {
			return this.accessLog;
		}

		public Compression getCompression() {
			return this.compression;
		}

		public Ssl getSsl() {
			return this.ssl;
		}

		public Http2 getHttp2() {
			return this.http2;
		}

		public ForwardHeadersStrategy getForwardHeadersStrategy() {
			return this.forwardHeadersStrategy;
		}

		public List<String> getTrustedProxies() {
			return this.trustedProxies;
		}

		public void setTrustedProxies(List<String> trustedProxies) {
			this.trustedProxies = trustedProxies;
		}

		public void setForwardHeadersStrategy(ForwardHeadersStrategy forwardHeadersStrategy) {
			this.forwardHeadersStrategy = forwardHeadersStrategy;
		}

		public Duration getShutdownTimeout() {
			return this.shutdownTimeout;
		}

		public void setShutdownTimeout(Duration shutdownTimeout) {
			this.shutdownTimeout = shutdownTimeout;
		}

		public Duration getShutdownDelay() {
			return this.shutdownDelay;
		}

		public void setShutdownDelay(Duration shutdownDelay) {
			this.shutdownDelay = shutdownDelay;
		}

		public Http1Exchange getHttp1Exchange() {
			return this.http1Exchange;
		}

		public void setHttp1Exchange(Http1Exchange http1Exchange) {
			this.http1Exchange = http1Exchange;
		}

		public BufferAllocator getAllocator() {
			return this.allocator;
		}

		public void setAllocator(BufferAllocator allocator) {
			this.allocator = allocator;
		}

	}

	/**
	 * The access log: one line per request, on the logger
	 * {@code reactor.netty.http.server.AccessLog}.
	 */
	public static class AccessLog {

		/**
		 * Whether each request gets a line in the access log, with the pattern of its
		 * route.
		 */
		private boolean enabled;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * TLS, from one of Spring Boot's SSL bundles ({@code spring.ssl.bundle.*}).
	 */
	public static class Ssl {

		/**
		 * Name of the SSL bundle the server serves TLS with: its key, certificate, trust
		 * material, protocols and ciphers. Unset: cleartext.
		 */
		private String bundle;

		/**
		 * Whether clients are asked for a certificate: none, want (asked, optional) or
		 * need (required), checked against the bundle's trust material.
		 */
		private ClientAuth clientAuth = ClientAuth.NONE;

		public String getBundle() {
			return this.bundle;
		}

		public void setBundle(String bundle) {
			this.bundle = bundle;
		}

		public ClientAuth getClientAuth() {
			return this.clientAuth;
		}

		public void setClientAuth(ClientAuth clientAuth) {
			this.clientAuth = clientAuth;
		}

	}

	/**
	 * HTTP/2: h2 through ALPN with TLS, h2c (prior knowledge and the HTTP/1.1 upgrade)
	 * without; HTTP/1.1 is still served either way.
	 */
	public static class Http2 {

		/**
		 * Whether HTTP/2 is served beside HTTP/1.1.
		 */
		private boolean enabled;

		/**
		 * Most streams a client may have open at once on one connection
		 * (SETTINGS_MAX_CONCURRENT_STREAMS); more are refused.
		 */
		private int maxConcurrentStreams = 100;

		/**
		 * Flow-control window of each stream (SETTINGS_INITIAL_WINDOW_SIZE): how much of
		 * a request body a client may send before the server reads it.
		 */
		private DataSize initialWindowSize = DataSize.ofBytes(65535);

		/**
		 * Largest decoded header list of a request (SETTINGS_MAX_HEADER_LIST_SIZE);
		 * larger is answered 431. Unset: fastro.server.max-header-size.
		 */
		private DataSize maxHeaderListSize;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getMaxConcurrentStreams() {
			return this.maxConcurrentStreams;
		}

		public void setMaxConcurrentStreams(int maxConcurrentStreams) {
			this.maxConcurrentStreams = maxConcurrentStreams;
		}

		public DataSize getInitialWindowSize() {
			return this.initialWindowSize;
		}

		public void setInitialWindowSize(DataSize initialWindowSize) {
			this.initialWindowSize = initialWindowSize;
		}

		public DataSize getMaxHeaderListSize() {
			return this.maxHeaderListSize;
		}

		public void setMaxHeaderListSize(DataSize maxHeaderListSize) {
			this.maxHeaderListSize = maxHeaderListSize;
		}

	}

	/**
	 * Whether a TLS client is asked for a certificate, as Spring Boot names the choices.
	 */
	public enum ClientAuth {

		/** Not asked for. */
		NONE,

		/** Asked for; a client without one is served too. */
		WANT,

		/** Required; a client without a trusted one fails the handshake. */
		NEED

	}

	/**
	 * Response compression, with Spring Boot's {@code server.compression} defaults.
	 */
	public static class Compression {

		/**
		 * Whether responses are compressed for clients that accept it: gzip and deflate,
		 * and Brotli and Zstandard when brotli4j and zstd-jni are on the class path.
		 */
		private boolean enabled;

		/**
		 * Smallest Content-Length compressed; a body of unknown length always is.
		 */
		private DataSize minResponseSize = DataSize.ofKilobytes(2);

		/**
		 * Content types that are compressed.
		 */
		private String[] mimeTypes = new String[] { "text/html", "text/xml", "text/plain", "text/css",
				"text/javascript", "application/javascript", "application/json", "application/xml" };

		/**
		 * User agents that are never sent a compressed response.
		 */
		private String[] excludedUserAgents = new String[0];

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public DataSize getMinResponseSize() {
			return this.minResponseSize;
		}

		public void setMinResponseSize(DataSize minResponseSize) {
			this.minResponseSize = minResponseSize;
		}

		public String[] getMimeTypes() {
			return this.mimeTypes;
		}

		public void setMimeTypes(String[] mimeTypes) {
			this.mimeTypes = mimeTypes;
		}

		public String[] getExcludedUserAgents() {
			return this.excludedUserAgents;
		}

		public void setExcludedUserAgents(String[] excludedUserAgents) {
			this.excludedUserAgents = excludedUserAgents;
		}

	}

	/**
	 * Where the client's address, scheme and host come from, as Spring Boot names the
	 * choices.
	 */
	public enum ForwardHeadersStrategy {

		/** From the connection and the Host header; forwarded headers are ignored. */
		NONE,

		/** From the Forwarded and X-Forwarded-* headers of the trusted proxies. */
		NATIVE

	}

	/** The exchanges that can serve HTTP/1.1 requests. */
	public enum Http1Exchange {

		/** Fastro's own, at less cost per request. */
		FASTRO,

		/** Reactor Netty's, with what customizers set for request handling. */
		REACTOR_NETTY

	}

	/** The Netty buffer allocators a server's connections may use. */
	public enum BufferAllocator {

		/** Netty's pooled allocator, with arenas and a cache per event loop. */
		POOLED,

		/** Netty's adaptive allocator, its default since Netty 4.2. */
		ADAPTIVE

	}

	/** The sessions of WebSocket routes. */
	public static class WebSocket {

		/**
		 * Largest frame payload a client may send. A larger frame closes the session with
		 * 1009. Netty's default, and what most clients send a message in.
		 */
		private DataSize maxFrameSize = DataSize.ofKilobytes(64);

		/**
		 * Largest message a client may send, its fragments put together; it is held in
		 * memory whole. A larger one closes the session with 1009.
		 */
		private DataSize maxMessageSize = DataSize.ofMegabytes(1);

		/**
		 * How long a session may go without a frame either way before the server closes
		 * it with 1001. Unset: no limit, since browsers send no pings of their own; set
		 * it where clients ping, or handlers send, more often than this.
		 */
		private Duration idleTimeout;

		/**
		 * Whether 'permessage-deflate' is agreed to when a client offers it.
		 */
		private boolean compression = true;

		public DataSize getMaxFrameSize() {
			return this.maxFrameSize;
		}

		public void setMaxFrameSize(DataSize maxFrameSize) {
			this.maxFrameSize = maxFrameSize;
		}

		public DataSize getMaxMessageSize() {
			return this.maxMessageSize;
		}

		public void setMaxMessageSize(DataSize maxMessageSize) {
			this.maxMessageSize = maxMessageSize;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

		public boolean isCompression() {
			return this.compression;
		}

		public void setCompression(boolean compression) {
			this.compression = compression;
		}

	}

	/**
	 * Load shedding: a limit on the requests in flight, past which a request is answered
	 * at once with a 503 rather than queued until it times out.
	 */
	public static class LoadShedding {

		/**
		 * The most requests in flight at once. A request is in flight from when it is
		 * routed, waiting for a thread of the blocking scheduler included, until its
		 * answer ends, or until it begins for a streamed answer such as server-sent
		 * events. A request past the limit is answered 503 with Retry-After and a problem
		 * body, without running its handler. Actuator's health endpoint and requests no
		 * route takes are never shed. Unset: no limit.
		 */
		private Integer maxInFlight;

		/**
		 * Whether the limit follows the latency of the answers, lowered as they slow down
		 * and raised as they speed up, between 20 (or max-in-flight, if lower) and
		 * max-in-flight. Needs com.netflix.concurrency-limits:concurrency-limits-core,
		 * whose gradient limiter it uses.
		 */
		private boolean adaptive;

		/**
		 * How long a request shed is told to wait before it tries again, in its
		 * Retry-After header, in whole seconds rounded up.
		 */
		@DurationUnit(ChronoUnit.SECONDS)
		private Duration retryAfter = Duration.ofSeconds(1);

		public Integer getMaxInFlight() {
			return this.maxInFlight;
		}

		public void setMaxInFlight(Integer maxInFlight) {
			this.maxInFlight = maxInFlight;
		}

		public boolean isAdaptive() {
			return this.adaptive;
		}

		public void setAdaptive(boolean adaptive) {
			this.adaptive = adaptive;
		}

		public Duration getRetryAfter() {
			return this.retryAfter;
		}

		public void setRetryAfter(Duration retryAfter) {
			this.retryAfter = retryAfter;
		}

	}

	/** Metrics of Fastro's server beyond {@code http.server.requests}. */
	public static class Metrics {

		private final RouteCost routeCost = new RouteCost();

		public RouteCost getRouteCost() {
			return this.routeCost;
		}

	}

	/**
	 * What each route's requests cost: the CPU time and the heap memory they spend.
	 */
	public static class RouteCost {

		/**
		 * Whether each request's CPU time and allocated bytes, on the threads that ran
		 * its work, are recorded as the distribution summaries 'http.server.requests.cpu'
		 * and 'http.server.requests.allocated', with the uri and method tags of
		 * 'http.server.requests'. Needs the http.server.requests observation and a JVM
		 * that measures thread CPU time and allocations.
		 */
		private boolean enabled;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/** Routing. */
	public static class Router {

		/**
		 * Whether a trailing slash is ignored, so '/users/' matches '/users'. Strict when
		 * false.
		 */
		private boolean ignoreTrailingSlash = false;

		/**
		 * Whether the table of every route, with the bean that declared it, its
		 * middleware chain and its options, is logged at info level as the server starts
		 * rather than at debug level (logger 'dev.fastro.routes').
		 */
		private boolean logRoutes = false;

		private final Cache cache = new Cache();

		public boolean isIgnoreTrailingSlash() {
			return this.ignoreTrailingSlash;
		}

		public void setIgnoreTrailingSlash(boolean ignoreTrailingSlash) {
			this.ignoreTrailingSlash = ignoreTrailingSlash;
		}

		public boolean isLogRoutes() {
			return this.logRoutes;
		}

		public void setLogRoutes(boolean logRoutes) {
			this.logRoutes = logRoutes;
		}

		public Cache getCache() {
			return this.cache;
		}

	}

	/**
	 * Static resources, served from Spring Boot's {@code spring.web.resources.*}
	 * locations to the requests that no route takes.
	 */
	public static class Static {

		/**
		 * Request paths answered with the files of
		 * 'spring.web.resources.static-locations': '/**', or a prefix followed by '/**',
		 * such as '/assets/**'.
		 */
		private String pathPattern = "/**";

		/**
		 * Request paths answered with the files of WebJars, under
		 * 'classpath:/META-INF/resources/webjars/': a prefix followed by '/**'.
		 */
		private String webjarsPathPattern = "/webjars/**";

		/**
		 * Whether a GET for a page (one that accepts text/html) that matches no route and
		 * no file gets the index.html of the first static location that has one, for an
		 * application that routes its pages in the browser.
		 */
		private boolean singlePageApp;

		private final StaticCache cache = new StaticCache();

		public String getPathPattern() {
			return this.pathPattern;
		}

		public void setPathPattern(String pathPattern) {
			this.pathPattern = pathPattern;
		}

		public String getWebjarsPathPattern() {
			return this.webjarsPathPattern;
		}

		public void setWebjarsPathPattern(String webjarsPathPattern) {
			this.webjarsPathPattern = webjarsPathPattern;
		}

		public boolean isSinglePageApp() {
			return this.singlePageApp;
		}

		public void setSinglePageApp(boolean singlePageApp) {
			this.singlePageApp = singlePageApp;
		}

		public StaticCache getCache() {
			return this.cache;
		}

	}

	/**
	 * What static resources keep of their lookups: which file answers a path, its
	 * validators, and a small file's content.
	 */
	public static class StaticCache {

		/**
		 * How long what a lookup found at a path (a file, its validators and, for a small
		 * file, its content; or no file) is trusted before the file system is asked
		 * again. A GET that sends a file whose content is not held in memory first checks
		 * that the file is unchanged. Zero looks on every request and keeps nothing.
		 */
		private Duration ttl = Duration.ofSeconds(1);

		/**
		 * Largest file whose content is held in memory with its lookup and sent from
		 * there. Larger files are read when they are sent, without copying them through
		 * the heap where the connection allows. Zero holds none.
		 */
		private DataSize maxFileSize = DataSize.ofKilobytes(64);

		/**
		 * Most memory the kept lookups may take, the contents they hold included; past it
		 * the least useful are evicted (W-TinyLFU).
		 */
		private DataSize maxSize = DataSize.ofMegabytes(16);

		public Duration getTtl() {
			return this.ttl;
		}

		public void setTtl(Duration ttl) {
			this.ttl = ttl;
		}

		public DataSize getMaxFileSize() {
			return this.maxFileSize;
		}

		public void setMaxFileSize(DataSize maxFileSize) {
			this.maxFileSize = maxFileSize;
		}

		public DataSize getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(DataSize maxSize) {
			this.maxSize = maxSize;
		}

	}

	/**
	 * {@code multipart/form-data} bodies, decoded as they arrive: parts larger than the
	 * threshold go to temporary files, deleted when the request ends. The names mirror
	 * Spring Boot's {@code spring.servlet.multipart.*}, which only servlet containers
	 * read.
	 */
	public static class Multipart {

		/**
		 * Size past which a part is written to a temporary file rather than held in
		 * memory.
		 */
		private DataSize fileSizeThreshold = DataSize.ofKilobytes(16);

		/**
		 * Largest part, file or field, a multipart body may carry. A larger one is a 413.
		 */
		private DataSize maxFileSize = DataSize.ofMegabytes(1);

		/**
		 * Largest multipart body, all its parts together; it replaces
		 * 'fastro.server.max-body-size' for multipart bodies. A larger one is a 413.
		 */
		private DataSize maxRequestSize = DataSize.ofMegabytes(10);

		/**
		 * Most parts, files and fields together, a multipart body may carry. More is a
		 * 400.
		 */
		private int maxParts = 50;

		/**
		 * Largest head of a part: its Content-Disposition, Content-Type and other headers
		 * together. A larger one is a 400.
		 */
		private DataSize maxPartHeaderSize = DataSize.ofKilobytes(8);

		/**
		 * Directory of the temporary files of large parts, created at start-up when it
		 * does not exist. Unset: the JVM's temporary directory ('java.io.tmpdir').
		 */
		private Path location;

		public DataSize getFileSizeThreshold() {
			return this.fileSizeThreshold;
		}

		public void setFileSizeThreshold(DataSize fileSizeThreshold) {
			this.fileSizeThreshold = fileSizeThreshold;
		}

		public DataSize getMaxFileSize() {
			return this.maxFileSize;
		}

		public void setMaxFileSize(DataSize maxFileSize) {
			this.maxFileSize = maxFileSize;
		}

		public DataSize getMaxRequestSize() {
			return this.maxRequestSize;
		}

		public void setMaxRequestSize(DataSize maxRequestSize) {
			this.maxRequestSize = maxRequestSize;
		}

		public int getMaxParts() {
			return this.maxParts;
		}

		public void setMaxParts(int maxParts) {
			this.maxParts = maxParts;
		}

		public DataSize getMaxPartHeaderSize() {
			return this.maxPartHeaderSize;
		}

		public void setMaxPartHeaderSize(DataSize maxPartHeaderSize) {
			this.maxPartHeaderSize = maxPartHeaderSize;
		}

		public Path getLocation() {
			return this.location;
		}

		public void setLocation(Path location) {
			this.location = location;
		}

	}

	/** Server-sent events: the streams a handler answers as text/event-stream. */
	public static class Sse {

		/**
		 * How long an event stream may send nothing before it sends a comment line, so
		 * that proxies and load balancers that close idle connections keep it open, and a
		 * client that left is noticed. 0 sends none.
		 */
		private Duration heartbeatInterval = Duration.ofSeconds(15);

		public Duration getHeartbeatInterval() {
			return this.heartbeatInterval;
		}

		public void setHeartbeatInterval(Duration heartbeatInterval) {
			this.heartbeatInterval = heartbeatInterval;
		}

	}

	/**
	 * Spring Security on Fastro's routes, when {@code spring-security-core} is on the
	 * class path.
	 */
	public static class Security {

		/**
		 * Whether Fastro authenticates requests and applies the application's
		 * SecurityRules (without a SecurityRules bean, every request must be
		 * authenticated). When false, Fastro leaves requests to the application.
		 */
		private boolean enabled = true;

		private final Headers headers = new Headers();

		private final Basic basic = new Basic();

		private final Actuator actuator = new Actuator();

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public Headers getHeaders() {
			return this.headers;
		}

		public Basic getBasic() {
			return this.basic;
		}

		public Actuator getActuator() {
			return this.actuator;
		}

	}

	/**
	 * The OpenAPI document of the application's routes, and Swagger UI, served when
	 * swagger-core is on the class path.
	 */
	public static class OpenApi {

		/**
		 * Whether the OpenAPI document is served.
		 */
		private boolean enabled = true;

		/**
		 * Path of the OpenAPI document in JSON; the same path ending in '.yaml' serves it
		 * in YAML.
		 */
		private String path = "/v3/api-docs";

		private final Info info = new Info();

		private final SwaggerUi swaggerUi = new SwaggerUi();

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getPath() {
			return this.path;
		}

		public void setPath(String path) {
			this.path = path;
		}

		public Info getInfo() {
			return this.info;
		}

		public SwaggerUi getSwaggerUi() {
			return this.swaggerUi;
		}

	}

	/** What the OpenAPI document says of the API itself. */
	public static class Info {

		/**
		 * Title of the API. Unset: 'spring.application.name', else 'API'.
		 */
		private String title;

		/**
		 * Version of the API. Unset: the build's version (from
		 * META-INF/build-info.properties), else '0.0.0'.
		 */
		private String version;

		/**
		 * Description of the API; CommonMark is allowed. Unset: none.
		 */
		private String description;

		public String getTitle() {
			return this.title;
		}

		public void setTitle(String title) {
			this.title = title;
		}

		public String getVersion() {
			return this.version;
		}

		public void setVersion(String version) {
			this.version = version;
		}

		public String getDescription() {
			return this.description;
		}

		public void setDescription(String description) {
			this.description = description;
		}

	}

	/** Swagger UI, served when the org.webjars:swagger-ui jar is on the class path. */
	public static class SwaggerUi {

		/**
		 * Whether Swagger UI is served.
		 */
		private boolean enabled = true;

		/**
		 * Path of the Swagger UI page; its files are served under the same path without
		 * its extension.
		 */
		private String path = "/swagger-ui.html";

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getPath() {
			return this.path;
		}

		public void setPath(String path) {
			this.path = path;
		}

	}

	/**
	 * Who may call Actuator's endpoints unless the application's SecurityRules decide
	 * otherwise.
	 */
	public static class Actuator {

		/**
		 * The role that every Actuator endpoint but health, and the page of their links,
		 * requires. Health, its groups and its probes are open to anyone.
		 */
		private String role = "ACTUATOR";

		public String getRole() {
			return this.role;
		}

		public void setRole(String role) {
			this.role = role;
		}

	}

	/**
	 * The headers written on every answer, as Spring Security writes them by default. A
	 * header the handler set is kept.
	 */
	public static class Headers {

		/**
		 * Whether the headers Spring Security writes by default are written on every
		 * answer. When false, none of them is, and no answer pays for them.
		 */
		private boolean enabled = true;

		/**
		 * Whether 'X-Content-Type-Options: nosniff' is written, so that browsers do not
		 * guess a content type other than the one sent.
		 */
		private boolean contentTypeOptions = true;

		/**
		 * X-Frame-Options, whether browsers may show the answer in a frame: deny, only in
		 * a page of the same origin (sameorigin), or off, which writes no header.
		 */
		private FrameOptions frameOptions = FrameOptions.DENY;

		/**
		 * X-XSS-Protection: disabled writes '0', which turns off the XSS filter of older
		 * browsers, itself a source of vulnerabilities; enabled writes '1' and
		 * enabled-mode-block '1; mode=block'; off writes no header.
		 */
		private XssProtection xssProtection = XssProtection.DISABLED;

		/**
		 * Whether answers tell caches not to keep them, with 'Cache-Control: no-cache,
		 * no-store, max-age=0, must-revalidate', 'Pragma: no-cache' and 'Expires: 0'; not
		 * on a 304, nor on an answer that sets any of the three itself.
		 */
		private boolean cacheControl = true;

		/**
		 * Referrer-Policy, what browsers send as the Referer of requests made from the
		 * answer (no-referrer, same-origin, strict-origin-when-cross-origin, ...), or
		 * off, which writes no header.
		 */
		private ReferrerPolicy referrerPolicy = ReferrerPolicy.NO_REFERRER;

		private final Hsts hsts = new Hsts();

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isContentTypeOptions() {
			return this.contentTypeOptions;
		}

		public void setContentTypeOptions(boolean contentTypeOptions) {
			this.contentTypeOptions = contentTypeOptions;
		}

		public FrameOptions getFrameOptions() {
			return this.frameOptions;
		}

		public void setFrameOptions(FrameOptions frameOptions) {
			this.frameOptions = frameOptions;
		}

		public XssProtection getXssProtection() {
			return this.xssProtection;
		}

		public void setXssProtection(XssProtection xssProtection) {
			this.xssProtection = xssProtection;
		}

		public boolean isCacheControl() {
			return this.cacheControl;
		}

		public void setCacheControl(boolean cacheControl) {
			this.cacheControl = cacheControl;
		}

		public ReferrerPolicy getReferrerPolicy() {
			return this.referrerPolicy;
		}

		public void setReferrerPolicy(ReferrerPolicy referrerPolicy) {
			this.referrerPolicy = referrerPolicy;
		}

		public Hsts getHsts() {
			return this.hsts;
		}

	}

	/**
	 * Strict-Transport-Security, written only on answers to requests made over HTTPS (as
	 * the client sees it, behind a proxy with forwarded headers on).
	 */
	public static class Hsts {

		/**
		 * Whether Strict-Transport-Security is written.
		 */
		private boolean enabled = true;

		/**
		 * How long browsers keep to HTTPS for the host; seconds if no unit is given.
		 */
		@DurationUnit(ChronoUnit.SECONDS)
		private Duration maxAge = Duration.ofDays(365);

		/**
		 * Whether the host's subdomains are kept to HTTPS too.
		 */
		private boolean includeSubDomains = true;

		/**
		 * Whether the host asks to be on the browsers' preload lists.
		 */
		private boolean preload;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public Duration getMaxAge() {
			return this.maxAge;
		}

		public void setMaxAge(Duration maxAge) {
			this.maxAge = maxAge;
		}

		public boolean isIncludeSubDomains() {
			return this.includeSubDomains;
		}

		public void setIncludeSubDomains(boolean includeSubDomains) {
			this.includeSubDomains = includeSubDomains;
		}

		public boolean isPreload() {
			return this.preload;
		}

		public void setPreload(boolean preload) {
			this.preload = preload;
		}

	}

	/** The values of X-Frame-Options. */
	public enum FrameOptions {

		/** Never shown in a frame. */
		DENY,

		/** Shown only in a frame of a page of the same origin. */
		SAMEORIGIN,

		/** No header. */
		OFF

	}

	/** The values of X-XSS-Protection, as Spring Security names them. */
	public enum XssProtection {

		/** '0': the browser's XSS filter is off. */
		DISABLED,

		/** '1': the browser's XSS filter cleans the page. */
		ENABLED,

		/** '1; mode=block': the browser's XSS filter blocks the page. */
		ENABLED_MODE_BLOCK,

		/** No header. */
		OFF

	}

	/**
	 * The policies of Referrer-Policy, as Spring Security names them, each written as its
	 * name in lower case with dashes.
	 */
	public enum ReferrerPolicy {

		/** 'no-referrer'. */
		NO_REFERRER,

		/** 'no-referrer-when-downgrade'. */
		NO_REFERRER_WHEN_DOWNGRADE,

		/** 'same-origin'. */
		SAME_ORIGIN,

		/** 'origin'. */
		ORIGIN,

		/** 'strict-origin'. */
		STRICT_ORIGIN,

		/** 'origin-when-cross-origin'. */
		ORIGIN_WHEN_CROSS_ORIGIN,

		/** 'strict-origin-when-cross-origin'. */
		STRICT_ORIGIN_WHEN_CROSS_ORIGIN,

		/** 'unsafe-url'. */
		UNSAFE_URL,

		/** No header. */
		OFF

	}

	/**
	 * The route-context cache, which remembers the match of a method and path with
	 * parameters.
	 */
	public static class Cache {

		/**
		 * Whether matches of routes with parameters are cached. Static routes never need
		 * it. Off by default: a miss costs more than the tree walk it would save, so the
		 * cache pays only on large route tables hit by repetitive paths.
		 */
		private boolean enabled;

		/**
		 * Most memory the cached matches of one HTTP method may take, estimated from
		 * their paths and values; past it the least useful are evicted (W-TinyLFU). Each
		 * method with parameter routes has its own cache, so that a flood of one method's
		 * paths cannot evict another's.
		 */
		private DataSize maxSize = DataSize.ofMegabytes(4);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public DataSize getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(DataSize maxSize) {
			this.maxSize = maxSize;
		}

	}

	/**
	 * HTTP Basic authentication (RFC 7617) against the application's UserDetailsService,
	 * or the user of spring.security.user.* when it declares none.
	 */
	public static class Basic {

		/**
		 * Whether requests may authenticate with a user name and password in the Basic
		 * scheme. Off by default: a password crosses the network with every request.
		 */
		private boolean enabled;

		/**
		 * The realm named in the Basic challenge of a 401.
		 */
		private String realm = "Realm";

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getRealm() {
			return this.realm;
		}

		public void setRealm(String realm) {
			this.realm = realm;
		}

	}

	/**
	 * Checks the values that bind but make no sense, so that start-up fails naming the
	 * property, as Spring Boot reports it:
	 * {@code Property: fastro.server.port, Value: 70000, Reason: ...}.
	 */
	@Override
	public boolean supports(Class<?> type) {
		return FastroProperties.class.isAssignableFrom(type);
	}

	@Override
	public void validate(Object target, Errors errors) {
		Server server = ((FastroProperties) target).getServer();
		check(errors, "server.port", server.getPort() >= 0 && server.getPort() <= 65535, "must be between 0 and 65535");
		check(errors, "server.eventLoopThreads", server.getEventLoopThreads() >= 0,
				"must be 0 (Reactor Netty's default) or more");
		check(errors, "server.maxBodySize", nonNegativeInt(server.getMaxBodySize()),
				"must be between 0B and 2GB (a body is received whole, in one buffer)");
		check(errors, "server.maxParameters", server.getMaxParameters() >= 1, "must be at least 1");
		check(errors, "server.maxInitialLineLength", positiveInt(server.getMaxInitialLineLength()),
				"must be between 1B and 2GB");
		check(errors, "server.maxHeaderSize", positiveInt(server.getMaxHeaderSize()), "must be between 1B and 2GB");
		check(errors, "server.idleTimeout", server.getIdleTimeout().toNanos() > 0, "must be positive");
		check(errors, "server.readTimeout", server.getReadTimeout().toMillis() > 0, "must be at least 1ms");
		check(errors, "server.requestTimeout",
				server.getRequestTimeout() == null || server.getRequestTimeout().toMillis() > 0,
				"must be at least 1ms");
		check(errors, "server.shutdownTimeout",
				server.getShutdownTimeout() == null || !server.getShutdownTimeout().isNegative(),
				"must not be negative");
		for (int i = 0; i < server.getTrustedProxies().size(); i++) {
			String problem = trustedProxyProblem(server.getTrustedProxies().get(i));
			check(errors, "server.trustedProxies[" + i + "]", problem == null, problem);
		}
		Compression compression = server.getCompression();
		check(errors, "server.compression.minResponseSize", nonNegativeInt(compression.getMinResponseSize()),
				"must be between 0B and 2GB");
		for (int i = 0; i < compression.getMimeTypes().length; i++) {
			String problem = mimeTypeProblem(compression.getMimeTypes()[i]);
			check(errors, "server.compression.mimeTypes[" + i + "]", problem == null, problem);
		}
		Http2 http2 = server.getHttp2();
		check(errors, "server.http2.maxConcurrentStreams", http2.getMaxConcurrentStreams() >= 1, "must be at least 1");
		check(errors, "server.http2.initialWindowSize", positiveInt(http2.getInitialWindowSize()),
				"must be between 1B and 2GB");
		check(errors, "server.http2.maxHeaderListSize",
				http2.getMaxHeaderListSize() == null || positiveInt(http2.getMaxHeaderListSize()),
				"must be between 1B and 2GB");
		Cache cache = ((FastroProperties) target).getRouter().getCache();
		check(errors, "router.cache.maxSize", cache.getMaxSize().toBytes() > 0, "must be positive");
		Static files = ((FastroProperties) target).getStatic();
		check(errors, "static.pathPattern", isPrefixPattern(files.getPathPattern()),
				"must be '/**' or a prefix followed by '/**', such as '/assets/**'");
		check(errors, "static.webjarsPathPattern", isPrefixPattern(files.getWebjarsPathPattern()),
				"must be '/**' or a prefix followed by '/**', such as '/webjars/**'");
		StaticCache lookups = files.getCache();
		check(errors, "static.cache.ttl", lookups.getTtl() != null && !lookups.getTtl().isNegative(),
				"must be zero or more");
		check(errors, "static.cache.maxFileSize", nonNegativeInt(lookups.getMaxFileSize()),
				"must be between 0B and 2GB");
		check(errors, "static.cache.maxSize", lookups.getMaxSize().toBytes() > 0, "must be positive");
		OpenApi openapi = ((FastroProperties) target).getOpenapi();
		check(errors, "openapi.path", isPath(openapi.getPath()), "must start with '/' and not end with one");
		check(errors, "openapi.swaggerUi.path", isPath(openapi.getSwaggerUi().getPath()),
				"must start with '/' and not end with one");
		Multipart multipart = ((FastroProperties) target).getMultipart();
		check(errors, "multipart.fileSizeThreshold", nonNegativeInt(multipart.getFileSizeThreshold()),
				"must be between 0B and 2GB (a part under it is held in memory)");
		check(errors, "multipart.maxFileSize", multipart.getMaxFileSize().toBytes() > 0, "must be positive");
		check(errors, "multipart.maxRequestSize", multipart.getMaxRequestSize().toBytes() > 0, "must be positive");
		check(errors, "multipart.maxParts", multipart.getMaxParts() >= 1, "must be at least 1");
		check(errors, "multipart.maxPartHeaderSize", positiveInt(multipart.getMaxPartHeaderSize()),
				"must be between 1B and 2GB");
		WebSocket websocket = ((FastroProperties) target).getWebsocket();
		check(errors, "websocket.maxFrameSize", positiveInt(websocket.getMaxFrameSize()), "must be between 1B and 2GB");
		check(errors, "websocket.maxMessageSize",
				positiveInt(websocket.getMaxMessageSize())
						&& websocket.getMaxMessageSize().toBytes() >= websocket.getMaxFrameSize().toBytes(),
				"must be between max-frame-size and 2GB");
		check(errors, "websocket.idleTimeout",
				websocket.getIdleTimeout() == null || websocket.getIdleTimeout().toMillis() > 0,
				"must be at least 1ms");
		Duration heartbeatInterval = ((FastroProperties) target).getSse().getHeartbeatInterval();
		check(errors, "sse.heartbeatInterval", heartbeatInterval == null || !heartbeatInterval.isNegative(),
				"must not be negative (0 sends no heartbeats)");
		Duration hstsMaxAge = ((FastroProperties) target).getSecurity().getHeaders().getHsts().getMaxAge();
		check(errors, "security.headers.hsts.maxAge", hstsMaxAge != null && !hstsMaxAge.isNegative(),
				"must be zero or more (0 tells browsers to forget the host)");
		LoadShedding shedding = ((FastroProperties) target).getLoadShedding();
		check(errors, "loadShedding.maxInFlight", shedding.getMaxInFlight() == null || shedding.getMaxInFlight() >= 1,
				"must be at least 1 (leave it unset for no limit)");
		check(errors, "loadShedding.adaptive", !shedding.isAdaptive() || shedding.getMaxInFlight() != null,
				"needs fastro.load-shedding.max-in-flight, the most the adaptive limit may rise to");
		check(errors, "loadShedding.retryAfter",
				shedding.getRetryAfter() != null && !shedding.getRetryAfter().isNegative(), "must not be negative");
		String realm = ((FastroProperties) target).getSecurity().getBasic().getRealm();
		check(errors, "security.basic.realm", realm != null && isQuotable(realm),
				"must be printable text without double quotes or backslashes (it is quoted in the challenge)");
	}

	/** Whether a text may stand in a quoted-string as it is (RFC 9110, 5.6.4). */
	private static boolean isQuotable(String text) {
		return text.chars().allMatch((c) -> c >= 0x20 && c < 0x7f && c != '"' && c != '\\');
	}

	/** {@code /**}, or a path without wildcards followed by {@code /**}. */
	private static boolean isPrefixPattern(String pattern) {
		if (pattern == null || !pattern.startsWith("/") || !pattern.endsWith("/**")) {
			return false;
		}
		String prefix = pattern.substring(0, pattern.length() - 2);
		return !prefix.contains("*") && !prefix.contains("{") && !prefix.contains("//") && !prefix.contains("?");
	}

	/** A static route path of its own, not the root: what the document's routes need. */
	private static boolean isPath(String path) {
		return path != null && path.length() > 1 && path.startsWith("/") && !path.endsWith("/") && !path.contains("*")
				&& !path.contains("{") && !path.contains(":") && !path.contains("?");
	}

	private static String trustedProxyProblem(String proxy) {
		try {
			TrustedProxies.of(List.of(proxy));
			return null;
		}
		catch (IllegalArgumentException ex) {
			return ex.getMessage();
		}
	}

	private static String mimeTypeProblem(String mimeType) {
		try {
			MimeTypeUtils.parseMimeType(mimeType);
			return null;
		}
		catch (InvalidMimeTypeException ex) {
			return "is not a MIME type: " + ex.getMessage();
		}
	}

	private static boolean nonNegativeInt(DataSize size) {
		return size.toBytes() >= 0 && size.toBytes() <= Integer.MAX_VALUE;
	}

	private static boolean positiveInt(DataSize size) {
		return size.toBytes() > 0 && size.toBytes() <= Integer.MAX_VALUE;
	}

	private static void check(Errors errors, String field, boolean valid, String reason) {
		if (!valid) {
			errors.rejectValue(field, "fastro.invalid", reason);
		}
	}

}
