package dev.fastro.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import dev.fastro.http.internal.WebSocketEndpoint;

/**
 * A set of routes, declared as a bean. An application may declare several; Fastro serves
 * them all.
 *
 * <pre>{@code
 * Routes api(Users users) { // a @Bean method
 *     return Routes.builder()
 *             .get("/", ctx -> "Hello world!")
 *             .get("/users/{id:[0-9]+}", ctx -> users.find(ctx.paramLong("id")))
 *             .post("/users", ctx -> users.save(ctx.body(User.class)))
 *             .group("/admin", admin -> admin.use(auth).get("/stats", ctx -> stats()))
 *             .build();
 * }
 * }</pre>
 *
 * Patterns: static segments, {@code :name} or {@code {name}} for one segment,
 * {@code {name:regex}} for a constrained segment, and a final {@code *} or
 * {@code {*name}} for the rest of the path.
 */
public final class Routes {

	private final List<Route> routes;

	private Routes(List<Route> routes) {
		this.routes = List.copyOf(routes);
	}

	/** The routes declared, in declaration order. */
	public List<Route> routes() {
		return this.routes;
	}

	/** Starts declaring routes, at the root path, without middleware. */
	public static Builder builder() {
		return new Builder("");
	}

	/** Declares routes under a common prefix, middleware and blocking mode. */
	public static final class Builder {

		private final String prefix;

		private final List<Middleware> middleware = new ArrayList<>();

		private RouteOptions defaults = RouteOptions.NONE;

		private final List<String> tags = new ArrayList<>();

		private final List<Object> entries = new ArrayList<>();

		private Builder(String prefix) {
			this.prefix = prefix;
		}

		/**
		 * Wraps every route of this builder, including those declared before this call,
		 * and its groups.
		 */
		public Builder use(Middleware... middleware) {
			this.middleware.addAll(List.of(middleware));
			return this;
		}

		/** Runs every handler of this builder and its groups off the event loop. */
		public Builder blocking() {
			return defaults((options) -> options.blocking(true));
		}

		/**
		 * Sets the options of every route of this builder and its groups, including those
		 * declared before this call. A group's own defaults and a route's {@link #with
		 * options} take their place where they set one.
		 */
		public Builder defaults(UnaryOperator<RouteOptions> options) {
			Objects.requireNonNull(options, "options");
			this.defaults = Objects.requireNonNull(options.apply(this.defaults), "the options given");
			return this;
		}

		/**
		 * Sets the options of the route declared just before, in place of its group's.
		 * @throws IllegalStateException when no route was declared just before
		 */
		public Builder with(UnaryOperator<RouteOptions> options) {
			Objects.requireNonNull(options, "options");
			Pending route = lastRoute("with(..)");
			this.entries.set(this.entries.size() - 1,
					route.with(Objects.requireNonNull(options.apply(route.options()), "the options given")));
			return this;
		}

		/**
		 * Lists every route of this builder and its groups under {@code tags} in the
		 * API's description, before the tags a route declares itself.
		 */
		public Builder tag(String... tags) {
			this.tags.addAll(List.of(tags));
			return this;
		}

		/**
		 * Describes the route declared just before: its summary, parameters, body and
		 * answers, for the OpenAPI document and the route manifest. Nothing of it runs
		 * while a request is served.
		 * @throws IllegalStateException when no route was declared just before
		 */
		public Builder describe(UnaryOperator<RouteDescription> description) {
			Objects.requireNonNull(description, "description");
			Pending route = lastRoute("describe(..)");
			this.entries.set(this.entries.size() - 1, route
				.describedAs(Objects.requireNonNull(description.apply(route.description()), "the description given")));
			return this;
		}

		/** Declares a {@code GET} route; see {@link #route}. */
		public Builder get(String path, Handler handler, Middleware... middleware) {
			return route("GET", path, handler, middleware);
		}

		/** Declares a {@code POST} route; see {@link #route}. */
		public Builder post(String path, Handler handler, Middleware... middleware) {
			return route("POST", path, handler, middleware);
		}

		/** Declares a {@code PUT} route; see {@link #route}. */
		public Builder put(String path, Handler handler, Middleware... middleware) {
			return route("PUT", path, handler, middleware);
		}

		/** Declares a {@code PATCH} route; see {@link #route}. */
		public Builder patch(String path, Handler handler, Middleware... middleware) {
			return route("PATCH", path, handler, middleware);
		}

		/** Declares a {@code DELETE} route; see {@link #route}. */
		public Builder delete(String path, Handler handler, Middleware... middleware) {
			return route("DELETE", path, handler, middleware);
		}

		/** Declares a {@code HEAD} route; see {@link #route}. */
		public Builder head(String path, Handler handler, Middleware... middleware) {
			return route("HEAD", path, handler, middleware);
		}

		/** Declares a {@code OPTIONS} route; see {@link #route}. */
		public Builder options(String path, Handler handler, Middleware... middleware) {
			return route("OPTIONS", path, handler, middleware);
		}

		/**
		 * Declares a WebSocket route: a {@code GET} with the WebSocket opening handshake
		 * switches the connection to WebSocket, and {@code handler} serves the session.
		 * The group's and the route's middleware run on the handshake as on any request,
		 * so authentication and CORS may refuse it before any switch; the session's
		 * {@link WebSocketSession#request()} is that request, with its path parameters
		 * and query. A request that is no handshake is answered {@code 426}, a malformed
		 * handshake {@code 400}. Served over HTTP/1.1.
		 */
		public Builder websocket(String path, WebSocketHandler handler, Middleware... middleware) {
			Objects.requireNonNull(handler, "handler");
			return route("GET", path, new WebSocketEndpoint(handler), middleware);
		}

		/**
		 * Declares a WebSocket route whose sessions blocking code serves, as
		 * {@link #websocket(String, WebSocketHandler, Middleware...)} declares one a
		 * reactive handler serves.
		 */
		public Builder websocket(String path, WebSocketListener listener, Middleware... middleware) {
			Objects.requireNonNull(listener, "listener");
			return route("GET", path, new WebSocketEndpoint(listener), middleware);
		}

		/**
		 * Declares a route. The middleware given here wraps this route alone, inside the
		 * group's middleware, the first one outermost.
		 */
		public Builder route(String method, String path, Handler handler, Middleware... middleware) {
			Objects.requireNonNull(method, "method");
			Objects.requireNonNull(path, "path");
			Objects.requireNonNull(handler, "handler");
			this.entries.add(new Pending(method.toUpperCase(Locale.ROOT), join(this.prefix, path), handler,
					List.of(middleware), RouteOptions.NONE, RouteDescription.none()));
			return this;
		}

		/**
		 * Declares routes under {@code prefix}, which inherit this builder's middleware,
		 * tags and {@link #defaults options}.
		 */
		public Builder group(String prefix, Consumer<Builder> routes) {
			Builder group = new Builder(join(this.prefix, prefix));
			routes.accept(group);
			this.entries.add(group);
			return this;
		}

		/**
		 * The routes declared. Fastro checks their patterns when it starts, and fails
		 * naming the route of a malformed or colliding one.
		 */
		public Routes build() {
			List<Route> out = new ArrayList<>();
			collect(List.of(), RouteOptions.NONE, List.of(), out);
			return new Routes(out);
		}

		private void collect(List<Middleware> outer, RouteOptions outerOptions, List<String> outerTags,
				List<Route> out) {
			List<Middleware> around = new ArrayList<>(outer);
			around.addAll(this.middleware);
			RouteOptions optionsHere = outerOptions.overriddenBy(this.defaults);
			List<String> tagsHere = new ArrayList<>(outerTags);
			tagsHere.addAll(this.tags);
			for (Object entry : this.entries) {
				if (entry instanceof Builder group) {
					group.collect(around, optionsHere, tagsHere, out);
				}
				else {
					Pending route = (Pending) entry;
					List<Middleware> chain = new ArrayList<>(around);
					chain.addAll(route.middleware());
					MarkedHandler marked = MarkedHandler.of(route.handler());
					RouteOptions options = optionsHere.overriddenBy(marked.options()).overriddenBy(route.options());
					out.add(new Route(route.method(), route.path(), marked.delegate(), chain, options.blocking(),
							marked.isStreaming(), options.maxBodySize(), options.timeout(), options.maxInFlight(),
							options.neverShed(), this.prefix, route.description().withTagsFirst(tagsHere)));
				}
			}
		}

		private static String join(String prefix, String path) {
			if (prefix.isEmpty() || prefix.equals("/")) {
				return path;
			}
			String base = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
			return path.equals("/") ? base : base + path;
		}

		private Pending lastRoute(String call) {
			if (this.entries.isEmpty() || !(this.entries.get(this.entries.size() - 1) instanceof Pending route)) {
				throw new IllegalStateException(call + " follows the route it applies to, in " + where());
			}
			return route;
		}

		private String where() {
			return this.prefix.isEmpty() ? "the routes at the root" : "the group " + this.prefix;
		}

		private record Pending(String method, String path, Handler handler, List<Middleware> middleware,
				RouteOptions options, RouteDescription description) {

			Pending describedAs(RouteDescription description) {
				return new Pending(this.method, this.path, this.handler, this.middleware, this.options, description);
			}

			Pending with(RouteOptions options) {
				return new Pending(this.method, this.path, this.handler, this.middleware, options, this.description);
			}

		}

	}

}
