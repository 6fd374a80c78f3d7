package dev.fastro.http.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import dev.fastro.http.Context;
import dev.fastro.http.ErrorHook;
import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Middleware;
import dev.fastro.http.RequestHook;
import dev.fastro.http.Response;
import dev.fastro.http.ResponseHook;
import dev.fastro.http.Route;
import dev.fastro.http.Routes;
import dev.fastro.http.spi.RouteScopedMiddleware;
import dev.fastro.router.internal.MalformedPathException;
import dev.fastro.router.internal.PercentDecoder;
import dev.fastro.router.internal.RouteConflictException;
import dev.fastro.router.internal.RouteMatch;
import dev.fastro.router.internal.RoutePatternException;
import dev.fastro.router.internal.Router;
import io.netty.util.AsciiString;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.reactivestreams.Publisher;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Takes a request from its {@link Exchange} to its answer: request hooks, routing, the
 * route's middleware chain and handler, error handling, and result writing.
 * <p>
 * A request that matches no route still runs through the global middleware, so logging,
 * metrics and CORS see 404s and 405s too; at the end of that chain it is answered 404,
 * 405 with {@code Allow}, 204 with {@code Allow} for {@code OPTIONS}, or 400 for a path
 * that cannot be decoded. A {@code GET} or {@code HEAD} is first offered to the
 * {@link NoRouteFallback}, when there is one, such as static files: a declared route
 * always wins over it.
 * <p>
 * A CORS preflight ({@code OPTIONS} with {@code Access-Control-Request-Method}) to a path
 * with no {@code OPTIONS} route runs the middleware of the route it asks about, around
 * that same answer, so CORS middleware given to a group or a route answers it.
 * <p>
 * A global {@link RouteScopedMiddleware} is replaced, in each of these chains, by what it
 * decides for that chain at start-up.
 * <p>
 * To shed load, a routed request takes a place under its route's and the server's
 * {@link InFlightLimit}, which it holds until its answer ends; one that finds no place is
 * answered {@code 503} as a request refused before routing is. A route without limits
 * costs one check.
 */
public final class Dispatcher implements ExchangeDispatcher {

	private static final Log logger = LogFactory.getLog(Dispatcher.class);

	private static final long NANOS_PER_SECOND = Duration.ofSeconds(1).toNanos();

	private static final AsciiString RETRY_AFTER = AsciiString.cached("retry-after");

	/** A blocking handler's task, waiting for a thread. */
	private static final int QUEUED = 0;

	/** A blocking handler's task, begun. */
	private static final int STARTED = 1;

	/** A blocking handler's task whose answer was cancelled. */
	private static final int CANCELLED = 2;

	private final Router<ComposedRoute> router;

	private final List<ServedRoute> served;

	private final ComposedRoute noRoute;

	/** Each route's middleware around the no-route answer, for preflights. */
	private final Map<ComposedRoute, ComposedRoute> preflights = new IdentityHashMap<>();

	private final RequestHook[] requestHooks;

	private final ResultWriter writer;

	private final EventStreams eventStreams;

	private final Scheduler blockingScheduler;

	private final NoRouteFallback fallback;

	private final Multiparts multiparts;

	/** How a route that takes its body whole takes a multipart one: as it arrives. */
	private final BodyPolicy multipartBody;

	/** How a streaming route without a limit of its own takes a multipart body. */
	private final BodyPolicy streamedMultipartBody;

	/** What a request shed is told to wait before it tries again, in whole seconds. */
	private final long retryAfterSeconds;

	private final Rejections rejections;

	private final InFlightLimit inFlightLimit;

	private Dispatcher(Builder builder) {
		List<Middleware> global = List.copyOf(builder.middleware);
		Router.Builder<ComposedRoute> routes = Router.<ComposedRoute>builder()
			.ignoreTrailingSlash(builder.ignoreTrailingSlash)
			.cache(builder.cacheEnabled, builder.cacheMaxBytes);
		// Where each route was declared, for start-up failures; the router knows only its
		// own targets.
		Map<ComposedRoute, String> origins = new IdentityHashMap<>();
		List<ServedRoute> served = new ArrayList<>();
		for (Source source : builder.routes) {
			List<Route> declared = source.routes().routes();
			for (int i = 0; i < declared.size(); i++) {
				Route route = builder.routeOptions.apply(declared.get(i));
				String origin = source.name() + ", route #" + (i + 1);
				if (!route.streaming() && route.maxBodySize() > Integer.MAX_VALUE) {
					throw new IllegalArgumentException("The max body size of " + route + " (" + origin
							+ ") must be at most 2GB, as its body is received whole; mark its handler streaming");
				}
				List<Middleware> taking = new ArrayList<>(global.size());
				List<Middleware> chain = scoped(global, (scoped) -> scoped.forRoute(route), taking);
				served.add(new ServedRoute(source.name(), origin, route, taking));
				chain.addAll(route.middleware());
				BodyPolicy body = new BodyPolicy(route.streaming(), route.maxBodySize(), !route.streaming());
				Duration timeout = (route.timeout() != null) ? route.timeout() : builder.requestTimeout;
				InFlightLimit inFlight = route.neverShed() ? null : builder.inFlightLimit;
				InFlightLimit routeInFlight = (route.maxInFlight() > 0) ? InFlightLimit.fixed(route.maxInFlight())
						: null;
				ComposedRoute endpoint = new ComposedRoute(Middleware.compose(chain, route.handler()), route.blocking(),
						body, timeout, inFlight, routeInFlight);
				try {
					routes.add(route.method(), route.pattern(), endpoint);
				}
				catch (RoutePatternException ex) {
					throw new RoutePatternException(ex.pattern(), ex.position(), ex.problem(), origin);
				}
				origins.put(endpoint, origin);
				List<Middleware> preflight = scoped(global, (scoped) -> scoped.forPreflight(route), new ArrayList<>());
				preflight.addAll(route.middleware());
				this.preflights.put(endpoint, new ComposedRoute(Middleware.compose(preflight, this::answerNoRoute),
						route.blocking(), BodyPolicy.WHOLE, builder.requestTimeout, null, null));
			}
		}
		this.served = List.copyOf(served);
		try {
			this.router = routes.build();
		}
		catch (RouteConflictException ex) {
			throw new RouteConflictException(ex.first(), origins.get(ex.first().target()), ex.second(),
					origins.get(ex.second().target()));
		}
		this.noRoute = new ComposedRoute(Middleware
			.compose(scoped(global, RouteScopedMiddleware::forNoRoute, new ArrayList<>()), this::answerNoRoute), false,
				BodyPolicy.WHOLE, builder.requestTimeout, null, null);
		this.requestHooks = builder.requestHooks.toArray(RequestHook[]::new);
		ErrorAnswers errors = new ErrorAnswers(builder.exceptionHandlers, builder.errorHooks);
		JsonCodec json = Objects.requireNonNull(builder.json, "json");
		this.eventStreams = new EventStreams(json, builder.events, builder.heartbeatInterval);
		this.writer = new ResultWriter(json, errors, builder.responseHooks, builder.requestTimeout,
				builder.blockingScheduler, builder.files, this.eventStreams);
		this.blockingScheduler = builder.blockingScheduler;
		this.fallback = builder.fallback;
		this.multiparts = new Multiparts(builder.multipart, builder.blockingScheduler);
		this.multipartBody = new BodyPolicy(true, builder.multipart.maxRequestSize(), true);
		this.streamedMultipartBody = new BodyPolicy(true, builder.multipart.maxRequestSize(), false);
		this.retryAfterSeconds = (builder.retryAfter.toNanos() + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND;
		this.rejections = builder.rejections;
		this.inFlightLimit = builder.inFlightLimit;
	}

	/**
	 * The global middleware as one chain has it: each {@link RouteScopedMiddleware}
	 * replaced by what it decides for that chain, and left out where it decides nothing.
	 * {@code taking} receives, as declared, each global middleware that takes part.
	 */
	private static List<Middleware> scoped(List<Middleware> global,
			Function<RouteScopedMiddleware, Middleware> decision, List<Middleware> taking) {
		List<Middleware> chain = new ArrayList<>(global.size());
		for (Middleware middleware : global) {
			Middleware decided = (middleware instanceof RouteScopedMiddleware scoped) ? decision.apply(scoped)
					: middleware;
			if (decided != null) {
				chain.add(decided);
				taking.add(middleware);
			}
		}
		return chain;
	}

	public static Builder builder() {
		return new Builder();
	}

	/** The router, for its routes and cache statistics. */
	public Router<?> router() {
		return this.router;
	}

	/**
	 * The limit on requests in flight, for its metrics; {@code null} when load shedding
	 * is off.
	 */
	public InFlightLimit inFlightLimit() {
		return this.inFlightLimit;
	}

	/** The routes served, in the order they were declared, for tools that list them. */
	public List<ServedRoute> served() {
		return this.served;
	}

	/**
	 * Ends every server-sent event stream open now, cleanly, as the server shuts down:
	 * the client reconnects, to another instance, and a stream without an end does not
	 * hold the graceful shutdown until its grace period is over. Streams that begin later
	 * run on, as a server stopped may be started again.
	 */
	public void endEventStreams() {
		this.eventStreams.end();
	}

	@Override
	public Publisher<Void> dispatch(Exchange ctx) {
		if (!ctx.isStreamed()) {
			return answer(ctx);
		}
		// The parts of a multipart body may be in temporary files, whatever reads them:
		// they are deleted once the exchange ends, however it ends.
		// A refused exchange is routed to the no-route answer, which decodes nothing.
		Mono<Void> answer = route(ctx).body().parts() ? receivePartsAndAnswer(ctx) : Mono.from(answer(ctx));
		return answer.doFinally((signal) -> ctx.releaseParts());
	}

	/**
	 * Decodes a multipart body as it arrives, to a route that takes its body whole, then
	 * answers with its parts at hand; a body refused on the way is answered as an error.
	 */
	private Mono<Void> receivePartsAndAnswer(Exchange ctx) {
		return ctx.receiveParts()
			.then(Mono.fromSupplier(() -> answer(ctx)))
			.onErrorResume((ex) -> Mono.just(this.writer.writeError(ctx, ex)))
			.flatMap(Mono::from);
	}

	private Publisher<Void> answer(Exchange ctx) {
		Object result;
		boolean admitted = false;
		try {
			for (RequestHook hook : this.requestHooks) {
				hook.onRequest(ctx);
			}
			ComposedRoute endpoint = route(ctx);
			if (endpoint.inFlight() != null || endpoint.routeInFlight() != null) {
				admitted = admit(ctx, endpoint);
				if (!admitted) {
					endpoint = this.noRoute;
				}
			}
			result = endpoint.blocking() ? offload(endpoint, ctx) : endpoint.chain().handle(ctx);
		}
		catch (Throwable ex) {
			Exceptions.throwIfJvmFatal(ex);
			return admitted ? inFlight(ctx, () -> this.writer.writeError(ctx, ex)) : this.writer.writeError(ctx, ex);
		}
		return admitted ? inFlight(ctx, () -> this.writer.write(ctx, result)) : this.writer.write(ctx, result);
	}

	/**
	 * Takes a place for a request under its route's limit on requests in flight and the
	 * server's, or, when either is full, marks it to be answered {@code 503} with
	 * {@code Retry-After} instead of routed: through the global middleware and the hooks,
	 * as a request refused before routing is, so that CORS and request ids shape this
	 * answer too.
	 * @return whether the request took its places
	 */
	private boolean admit(Exchange ctx, ComposedRoute endpoint) {
		InFlightLimit.Permit own = null;
		if (endpoint.routeInFlight() != null) {
			own = endpoint.routeInFlight().tryEnter();
			if (own == null) {
				return shed(ctx, Rejections.Reason.ROUTE_IN_FLIGHT_LIMIT,
						"Route " + ctx.method() + " " + ctx.routePattern() + " is at its " + endpoint.routeInFlight());
			}
		}
		if (endpoint.inFlight() != null) {
			InFlightLimit.Permit server = endpoint.inFlight().tryEnter();
			if (server == null) {
				if (own != null) {
					own.leave(false);
				}
				return shed(ctx, Rejections.Reason.IN_FLIGHT_LIMIT, "The server is at its " + endpoint.inFlight());
			}
			InFlightLimit.Permit route = own;
			own = (route != null) ? (answered) -> {
				route.leave(answered);
				server.leave(answered);
			} : server;
		}
		ctx.enteredInFlight(own);
		return true;
	}

	private boolean shed(Exchange ctx, Rejections.Reason reason, String limit) {
		this.rejections.rejected(ctx, reason);
		ctx.responseHeaders().set(RETRY_AFTER, this.retryAfterSeconds);
		ctx.routingFailure(new HttpException(503, limit + "; retry in " + this.retryAfterSeconds
				+ ((this.retryAfterSeconds != 1) ? " seconds" : " second")));
		return false;
	}

	/**
	 * The answer of a request that holds a place under the limit on requests in flight,
	 * which it gives back once the answer has ended, however it ended, unless a streamed
	 * answer gave it back as it began.
	 */
	private static Publisher<Void> inFlight(Exchange ctx, Supplier<Publisher<Void>> answer) {
		try {
			return Mono.from(answer.get()).doFinally((signal) -> ctx.leaveInFlight(signal == SignalType.ON_COMPLETE));
		}
		catch (RuntimeException ex) {
			ctx.leaveInFlight(false);
			throw ex;
		}
	}

	/**
	 * Routes an exchange ahead of its dispatch, which then takes the route found here:
	 * how the route takes its request body, which the server asks before reading it.
	 */
	public BodyPolicy bodyPolicy(Exchange ctx) {
		BodyPolicy body = route(ctx).body();
		if (body.parts()) {
			if (!ctx.isMultipart()) {
				return body;
			}
			// A route's own limit bounds a multipart body too.
			return (body.maxSize() >= 0) ? new BodyPolicy(true, body.maxSize(), true) : this.multipartBody;
		}
		// A multipart body is limited as such, unless the streaming route sets a limit.
		return (body.streamed() && body.maxSize() < 0 && ctx.isMultipart()) ? this.streamedMultipartBody : body;
	}

	private ComposedRoute route(Exchange ctx) {
		ctx.multiparts = this.multiparts;
		if (ctx.routingFailure() != null) {
			return this.noRoute;
		}
		ComposedRoute found = ctx.endpoint;
		if (found == null) {
			found = find(ctx);
			ctx.endpoint = found;
		}
		return found;
	}

	private ComposedRoute find(Exchange ctx) {
		String path = ctx.path();
		HttpException malformed = malformedSegment(path);
		if (malformed != null) {
			ctx.routingFailure(malformed);
			return this.noRoute;
		}
		RouteMatch<ComposedRoute> match = find(ctx.method(), path);
		if (match != null) {
			ctx.match(match);
			return match.target();
		}
		String preflightFor = Preflight.requestedMethod(ctx);
		match = (preflightFor != null) ? find(preflightFor, path) : null;
		if (match == null) {
			return this.noRoute;
		}
		ctx.match(match);
		return this.preflights.get(match.target());
	}

	/**
	 * The route of a method and path; {@code HEAD} is served by the {@code GET} route.
	 */
	private RouteMatch<ComposedRoute> find(String method, String path) {
		RouteMatch<ComposedRoute> match = this.router.find(method, path);
		return (match == null && method.equals("HEAD")) ? this.router.find("GET", path) : match;
	}

	/**
	 * The route a method and path reach, with its parameters, as dispatch finds it
	 * ({@code HEAD} by the {@code GET} route), before any request hook runs.
	 * @param method the request method
	 * @param path the raw request path, without the query string
	 * @return the match, or {@code null} when they reach no route or the path cannot be
	 * decoded
	 */
	public RouteMatch<?> match(String method, String path) {
		try {
			return find(method, path);
		}
		catch (MalformedPathException ex) {
			return null;
		}
	}

	/**
	 * The pattern of the route a request reaches, or {@code null} when it reaches none:
	 * for the access log, which sees a request only once it has been answered.
	 * @param method the request method
	 * @param path the raw request path, without the query string
	 * @return the route's pattern, such as {@code /users/{id}}, or {@code null}
	 */
	public String routePattern(String method, String path) {
		RouteMatch<?> match = match(method, path);
		return (match != null) ? match.pattern() : null;
	}

	/**
	 * Refuses a path with a malformed percent-escape in any segment, static ones
	 * included: those match as sent, so a bad escape there would otherwise be a mere 404.
	 * Paths without '%' cost one scan.
	 */
	private static HttpException malformedSegment(String path) {
		if (path.indexOf('%') < 0) {
			return null;
		}
		for (int start = 1; start <= path.length();) {
			int end = path.indexOf('/', start);
			end = (end < 0) ? path.length() : end;
			if (PercentDecoder.decode(path, start, end) == null) {
				return HttpException
					.badRequest("Malformed percent-encoding in path segment '" + path.substring(start, end) + "'");
			}
			start = end + 1;
		}
		return null;
	}

	/**
	 * Runs a blocking route on the blocking scheduler. Cancelling the answer (the client
	 * went away, the request timed out) interrupts the handler; what it throws then
	 * answers nobody, so it is not reported, where Reactor would log it as a dropped
	 * error.
	 * <p>
	 * A request that waited for a thread past its route's timeout is not started: its
	 * answer, a 503, has been given or is due, and its client may be gone. Nor is one
	 * whose answer was cancelled while it waited, should the scheduler run a task it
	 * could not take back.
	 */
	private Mono<Object> offload(ComposedRoute endpoint, Context ctx) {
		long queued = System.nanoTime();
		Duration timeout = endpoint.timeout();
		AtomicInteger state = new AtomicInteger(QUEUED);
		return Mono.fromCallable(() -> {
			if (!state.compareAndSet(QUEUED, STARTED)) {
				return null;
			}
			if (pastDeadline(queued, timeout)) {
				this.rejections.rejected(ctx, Rejections.Reason.DEADLINE);
				throw new HttpException(503, "Not started: it waited for a thread past the request timeout of "
						+ timeout.toMillis() + " ms");
			}
			try {
				return endpoint.chain().handle(ctx);
			}
			catch (Exception ex) {
				if (state.get() == CANCELLED) {
					logger.debug("Blocking handler for " + ctx + " ended by its cancellation", ex);
					return null;
				}
				throw ex;
			}
		}).subscribeOn(this.blockingScheduler).doOnCancel(() -> {
			if (state.getAndSet(CANCELLED) == QUEUED && pastDeadline(queued, timeout)) {
				this.rejections.rejected(ctx, Rejections.Reason.DEADLINE);
			}
		});
	}

	private static boolean pastDeadline(long queued, Duration timeout) {
		return timeout != null && System.nanoTime() - queued >= timeout.toNanos();
	}

	private Object answerNoRoute(Context ctx) {
		// The chain is handed the exchange that dispatch() was given.
		HttpException routingFailure = ((Exchange) ctx).routingFailure();
		if (routingFailure != null) {
			throw routingFailure;
		}
		// OPTIONS * asks about the server as a whole (RFC 9110, 9.3.7).
		Set<String> allowed = new TreeSet<>(
				ctx.path().equals("*") ? this.router.methods() : this.router.allowedMethods(ctx.path()));
		String method = ctx.method();
		if (this.fallback == null || ctx.path().equals("*")) {
			return refuse(ctx, allowed);
		}
		if (method.equals("GET") || method.equals("HEAD")) {
			return this.fallback.answer(ctx, !allowed.isEmpty())
				.cast(Object.class)
				.switchIfEmpty(Mono.fromCallable(() -> refuse(ctx, allowed)));
		}
		return this.fallback.answersGet(ctx).map((answered) -> {
			if (answered) {
				allowed.add("GET");
			}
			return refuse(ctx, allowed);
		});
	}

	/**
	 * The answer to a request no route takes: 404 when its path has no route, else 405
	 * with {@code Allow}, or 204 with {@code Allow} for {@code OPTIONS}.
	 */
	private Object refuse(Context ctx, Set<String> allowed) {
		if (allowed.isEmpty()) {
			throw HttpException.notFound("No route for " + ctx.method() + " " + ctx.path());
		}
		if (allowed.contains("GET")) {
			allowed.add("HEAD");
		}
		allowed.add("OPTIONS");
		ctx.header("allow", String.join(", ", allowed));
		if (ctx.method().equals("OPTIONS")) {
			return Response.noContent();
		}
		throw new HttpException(405, "Method " + ctx.method() + " is not allowed on " + ctx.path() + "; allowed: "
				+ String.join(", ", allowed));
	}

	/**
	 * Collects routes, global middleware, hooks and exception handlers; composes them
	 * once in {@link #build()}.
	 */
	public static final class Builder {

		private final List<Source> routes = new ArrayList<>();

		private final List<Middleware> middleware = new ArrayList<>();

		private final List<ExceptionHandler<?>> exceptionHandlers = new ArrayList<>();

		private final List<RequestHook> requestHooks = new ArrayList<>();

		private final List<ResponseHook> responseHooks = new ArrayList<>();

		private final List<ErrorHook> errorHooks = new ArrayList<>();

		private JsonCodec json;

		private Scheduler blockingScheduler = Schedulers.boundedElastic();

		private boolean ignoreTrailingSlash;

		private boolean cacheEnabled;

		private long cacheMaxBytes = 4L << 20;

		private Duration requestTimeout;

		private UnaryOperator<Route> routeOptions = UnaryOperator.identity();

		private FileResults files = FileResults.NONE;

		private EventResults events = EventResults.NONE;

		private Duration heartbeatInterval;

		private NoRouteFallback fallback;

		private MultipartSettings multipart = MultipartSettings.DEFAULTS;

		private InFlightLimit inFlightLimit;

		private Duration retryAfter = Duration.ofSeconds(1);

		private Rejections rejections = Rejections.NONE;

		private Builder() {
		}

		/**
		 * Routes to serve, after those already added; start-up failures name each by its
		 * position, such as {@code Routes #2, route #3}.
		 */
		public Builder routes(List<Routes> routes) {
			for (Routes declared : routes) {
				this.routes.add(new Source("Routes #" + (this.routes.size() + 1), declared));
			}
			return this;
		}

		/**
		 * Routes beans keyed by bean name, to serve in the map's order after those
		 * already added; start-up failures name the bean, such as
		 * {@code bean 'userRoutes', route #3}.
		 */
		public Builder routes(Map<String, Routes> routesByBeanName) {
			routesByBeanName.forEach((name, declared) -> this.routes.add(new Source("bean '" + name + "'", declared)));
			return this;
		}

		/** Global middleware, the first one outermost. */
		public Builder middleware(List<Middleware> middleware) {
			this.middleware.addAll(middleware);
			return this;
		}

		public Builder exceptionHandlers(List<ExceptionHandler<?>> handlers) {
			this.exceptionHandlers.addAll(handlers);
			return this;
		}

		public Builder requestHooks(List<RequestHook> hooks) {
			this.requestHooks.addAll(hooks);
			return this;
		}

		public Builder responseHooks(List<ResponseHook> hooks) {
			this.responseHooks.addAll(hooks);
			return this;
		}

		public Builder errorHooks(List<ErrorHook> hooks) {
			this.errorHooks.addAll(hooks);
			return this;
		}

		public Builder json(JsonCodec json) {
			this.json = json;
			return this;
		}

		/** Where blocking routes run; Reactor's bounded elastic scheduler unless set. */
		public Builder blockingScheduler(Scheduler scheduler) {
			this.blockingScheduler = scheduler;
			return this;
		}

		public Builder ignoreTrailingSlash(boolean ignore) {
			this.ignoreTrailingSlash = ignore;
			return this;
		}

		/**
		 * Whether matches of parameter routes are cached, and in how many bytes per
		 * method; see {@link Router.Builder#cache}. Disabled by default, 4 MB when
		 * enabled.
		 */
		public Builder cache(boolean enabled, long maxBytes) {
			this.cacheEnabled = enabled;
			this.cacheMaxBytes = maxBytes;
			return this;
		}

		/**
		 * Adjusts each route's options before it is composed, such as with those of the
		 * application's properties.
		 */
		public Builder routeOptions(UnaryOperator<Route> options) {
			this.routeOptions = options;
			return this;
		}

		/**
		 * How long a handler may take to answer before it is answered 503, unless its
		 * route sets its own; {@code null} for no limit.
		 */
		public Builder requestTimeout(Duration timeout) {
			this.requestTimeout = timeout;
			return this;
		}

		/**
		 * The results that are files, sent as such; none unless set.
		 */
		public Builder fileResults(FileResults files) {
			this.files = files;
			return this;
		}

		/**
		 * The items of streams that are server-sent events; none unless set, so that only
		 * the client's {@code Accept} or the handler's content type makes a stream an
		 * event stream.
		 */
		public Builder eventResults(EventResults events) {
			this.events = events;
			return this;
		}

		/**
		 * How long an event stream may send nothing before it sends a heartbeat comment;
		 * {@code null} or zero, the default, for no heartbeats.
		 */
		public Builder heartbeatInterval(Duration interval) {
			this.heartbeatInterval = interval;
			return this;
		}

		/**
		 * What may answer a {@code GET} or {@code HEAD} that no route takes, before its
		 * 404 or 405; {@code null}, the default, for nothing.
		 */
		public Builder noRouteFallback(NoRouteFallback fallback) {
			this.fallback = fallback;
			return this;
		}

		/**
		 * How {@code multipart/form-data} bodies are decoded; as
		 * {@code fastro.multipart.*} defaults unless set.
		 */
		public Builder multipart(MultipartSettings settings) {
			this.multipart = settings;
			return this;
		}

		/**
		 * Sheds load: a request to a route that finds {@code limit} full is answered
		 * {@code 503} with {@code Retry-After} and a problem naming the limit, without
		 * its handler; none when not set. Routes marked
		 * {@link dev.fastro.http.RouteOptions#neverShed never shed}, requests that no
		 * route takes (404, 405, static resources) and CORS preflights are not counted. A
		 * route's own {@link dev.fastro.http.RouteOptions#maxInFlight limit} applies
		 * beside this one.
		 * @param limit the server's limit on requests in flight
		 * @return this builder
		 */
		public Builder inFlightLimit(InFlightLimit limit) {
			this.inFlightLimit = Objects.requireNonNull(limit, "limit");
			return this;
		}

		/**
		 * How long a request shed is told to wait before it tries again, written in whole
		 * seconds, rounded up; one second unless set.
		 */
		public Builder retryAfter(Duration retryAfter) {
			this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
			return this;
		}

		/**
		 * What hears of each request refused to shed load, such as its metrics; nothing
		 * unless set.
		 */
		public Builder rejections(Rejections rejections) {
			this.rejections = Objects.requireNonNull(rejections, "rejections");
			return this;
		}

		/**
		 * Composes every route's chain and builds the router.
		 * @throws RoutePatternException for a malformed pattern, naming it and where it
		 * was declared
		 * @throws RouteConflictException for two routes that collide, naming both and
		 * where each was declared
		 */
		public Dispatcher build() {
			return new Dispatcher(this);
		}

	}

	/** Declared routes and the name start-up failures give them. */
	private record Source(String name, Routes routes) {
	}

}
