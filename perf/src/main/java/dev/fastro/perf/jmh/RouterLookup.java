package dev.fastro.perf.jmh;

import java.util.List;
import java.util.Map;

import dev.fastro.http.Routes;
import dev.fastro.http.spi.RequestPipeline;
import io.netty.handler.codec.http.HttpMethod;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRoutes;
import reactor.netty.http.server.ReactorNettyPredicates;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * One router under test: finds the route of a {@code GET} and its parameters, the way its
 * server would for a request. Each returns what a handler would then read its parameters
 * from.
 */
interface RouterLookup extends AutoCloseable {

	/**
	 * Looks up a path.
	 * @param path the raw path, without query
	 * @return the match with its parameters, or {@code null} for none
	 */
	Object find(String path);

	/** Lets go of what the router holds, if anything. */
	@Override
	default void close() {
	}

	/**
	 * Builds a router over a table.
	 * @param name the benchmark's router parameter
	 * @param routes the table
	 * @return the router
	 */
	static RouterLookup create(String name, List<GitHubRoutes.Route> routes) {
		return switch (name) {
			case "fastro" -> new Fastro(routes, true);
			case "fastro-nocache" -> new Fastro(routes, false);
			case "spring-pathpattern" -> new Spring(routes);
			case "reactor-netty" -> new ReactorNetty(routes);
			default -> throw new IllegalArgumentException("unknown router " + name);
		};
	}

	/**
	 * Fastro's router, with or without its route cache, as an application's request
	 * pipeline looks a route up: its routes are the table's, each with a handler that is
	 * never called, and its cache is {@code fastro.router.cache.*}'s, bounded as an
	 * application's is by default.
	 */
	final class Fastro implements RouterLookup {

		private final ApplicationPipeline application;

		private final RequestPipeline pipeline;

		Fastro(List<GitHubRoutes.Route> routes, boolean cache) {
			Routes.Builder table = Routes.builder();
			for (GitHubRoutes.Route route : routes) {
				table.route(route.method(), route.pattern(), (ctx) -> null);
			}
			this.application = new ApplicationPipeline(List.of(table.build()), null,
					Map.of("fastro.router.cache.enabled", cache));
			this.pipeline = this.application.pipeline();
		}

		@Override
		public Object find(String path) {
			return this.pipeline.match("GET", path);
		}

		@Override
		public void close() {
			this.application.close();
		}

	}

	/**
	 * Spring's {@link PathPattern}s tried in declaration order, first match wins, as
	 * functional endpoints do: the method first, then {@code matchAndExtract} on the
	 * parsed path, which is what WebFlux's path predicate calls.
	 */
	final class Spring implements RouterLookup {

		private final HttpMethod[] methods;

		private final PathPattern[] patterns;

		Spring(List<GitHubRoutes.Route> routes) {
			PathPatternParser parser = PathPatternParser.defaultInstance;
			this.methods = routes.stream().map(route -> HttpMethod.valueOf(route.method())).toArray(HttpMethod[]::new);
			this.patterns = routes.stream().map(route -> parser.parse(route.pattern())).toArray(PathPattern[]::new);
		}

		@Override
		public Object find(String path) {
			PathContainer container = PathContainer.parsePath(path);
			for (int i = 0; i < this.patterns.length; i++) {
				if (this.methods[i] == HttpMethod.GET) {
					PathPattern.PathMatchInfo match = this.patterns[i].matchAndExtract(container);
					if (match != null) {
						return match;
					}
				}
			}
			return null;
		}

	}

	/**
	 * Reactor Netty's own {@link HttpServerRoutes}: the real
	 * {@code apply(request, response)} over a request that carries only what routing
	 * reads (method, URI, the parameter resolver). The matched handler resolves the
	 * parameters, as a handler calling {@code req.param(..)} would.
	 */
	final class ReactorNetty implements RouterLookup {

		private final HttpServerRoutes routes = HttpServerRoutes.newRoutes();

		private final RoutingRequest request = new RoutingRequest();

		ReactorNetty(List<GitHubRoutes.Route> table) {
			for (GitHubRoutes.Route route : table) {
				// Reactor Netty's named catch-all "{path}**" mixes up the names of
				// the other variables of its pattern (1.3.6: owner gets the repo,
				// repo gets the path), so the table uses its unnamed catch-all "**";
				// a handler would take the rest of the path from the URI itself.
				String pattern = route.pattern().replaceAll("\\{\\*[^}]+}", "**");
				this.routes.route(ReactorNettyPredicates.http(pattern, HttpMethod.valueOf(route.method())),
						(req, res) -> {
							((RoutingRequest) req).resolved = req.params();
							return Mono.empty();
						});
			}
		}

		@Override
		public Object find(String path) {
			this.request.reset(HttpMethod.GET, path);
			this.routes.apply(this.request, RoutingRequest.NOT_FOUND_RESPONSE);
			return this.request.resolved;
		}

	}

}
