package dev.fastro.autoconfigure.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.http.spi.HostHeader;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.EndpointLinksResolver;
import org.springframework.boot.actuate.endpoint.web.EndpointMapping;
import org.springframework.boot.actuate.endpoint.web.EndpointMediaTypes;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.actuate.endpoint.web.WebOperationRequestPredicate;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;

/**
 * Actuator's web endpoints as Fastro routes: one route per {@link WebOperation}, at the
 * path its request predicate names under the base path (or per set of operations that
 * differ only by the media types they produce), and the discovery page of links at the
 * base path itself. A blocking operation (most are, such as health and the Prometheus
 * scrape) is a blocking route, run off the event loop. Health, its groups such as
 * {@code liveness} and {@code readiness} included, is never shed.
 */
public final class ActuatorRoutes {

	private static final EndpointId HEALTH = EndpointId.of("health");

	private ActuatorRoutes() {
	}

	/**
	 * The routes of {@code endpoints} under {@code basePath}, with the links page when
	 * {@code linksPage} is true.
	 * @param endpoints the exposed web endpoints
	 * @param basePath the base path, such as {@code /actuator}; empty for the root
	 * @param mediaTypes the media types the endpoints produce and consume
	 * @param linksPage whether the base path serves the discovery page
	 * @param namespace the server these routes are served by
	 * @param bodies the JSON writer of response bodies
	 * @param security what the endpoints know of a request's user, such as for
	 * {@code show-details: when-authorized}
	 * @param middleware the middleware around every endpoint, such as their CORS
	 */
	public static Routes of(Collection<ExposableWebEndpoint> endpoints, String basePath, EndpointMediaTypes mediaTypes,
			boolean linksPage, WebServerNamespace namespace, EndpointBodies bodies,
			Function<Context, SecurityContext> security, Middleware... middleware) {
		EndpointMapping mapping = new EndpointMapping(basePath);
		Routes.Builder routes = Routes.builder().use(middleware);
		for (ExposableWebEndpoint endpoint : endpoints) {
			Map<List<String>, List<WebOperation>> byRoute = new LinkedHashMap<>();
			for (WebOperation operation : endpoint.getOperations()) {
				byRoute.computeIfAbsent(route(mapping, operation), (key) -> new ArrayList<>()).add(operation);
			}
			byRoute.forEach((route, operations) -> {
				operations.sort(Comparator.comparing((WebOperation operation) -> Collections
					.disjoint(operation.getRequestPredicate().getProduces(), mediaTypes.getProduced())));
				List<WebOperationHandler> handlers = operations.stream()
					.map((operation) -> new WebOperationHandler(endpoint.getEndpointId(), operation, namespace, bodies,
							security))
					.toList();
				Handler handler = (handlers.size() == 1) ? handlers.get(0) : new OperationsByMediaType(handlers);
				boolean blocking = operations.stream().anyMatch(WebOperation::isBlocking);
				routes.route(route.get(0), route.get(1), blocking ? Handler.blocking(handler) : handler);
				if (endpoint.getEndpointId().equals(HEALTH)) {
					// A probe refused on a busy instance would have the platform restart
					// it, or take it out of service, for being busy.
					routes.with((options) -> options.neverShed(true));
				}
			});
		}
		if (linksPage) {
			EndpointLinksResolver links = new EndpointLinksResolver(endpoints, basePath);
			ProducedMediaTypes produced = new ProducedMediaTypes(mediaTypes.getProduced());
			routes.get(routePath(mapping.getPath()), ctx -> linksPage(ctx, links, produced, bodies));
		}
		return routes.build();
	}

	/** The method and path pattern of an operation's route. */
	private static List<String> route(EndpointMapping mapping, WebOperation operation) {
		WebOperationRequestPredicate predicate = operation.getRequestPredicate();
		return List.of(predicate.getHttpMethod().name(), routePath(mapping.createSubPath(predicate.getPath())));
	}

	private static Response linksPage(Context ctx, EndpointLinksResolver links, ProducedMediaTypes produced,
			EndpointBodies bodies) {
		String contentType = produced.negotiate(ctx);
		return bodies.json(200, Map.of("_links", links.resolveLinks(requestUrl(ctx))), contentType);
	}

	/**
	 * The URL the client asked for, without its query: behind a proxy, with forwarded
	 * headers on, the proxy's scheme, host and port, as Spring's own mappings link them.
	 */
	private static String requestUrl(Context ctx) {
		String scheme = ctx.scheme();
		StringBuilder url = new StringBuilder(scheme).append("://").append(ctx.host());
		if (ctx.port() != HostHeader.defaultPort(scheme)) {
			url.append(':').append(ctx.port());
		}
		return url.append(ctx.path()).toString();
	}

	private static String routePath(String path) {
		return path.isEmpty() ? "/" : path;
	}

	/**
	 * The operations of one method and path that differ by the media types they produce,
	 * as the thread dump's JSON and text do: the one producing the type the request's
	 * {@code Accept} prefers answers, and without {@code Accept} the one producing
	 * Actuator's JSON, as Spring's own mappings choose.
	 */
	private static final class OperationsByMediaType implements Handler {

		private final List<WebOperationHandler> operations;

		private final ProducedMediaTypes produced;

		OperationsByMediaType(List<WebOperationHandler> operations) {
			this.operations = operations;
			this.produced = new ProducedMediaTypes(
					operations.stream().flatMap((operation) -> operation.mediaTypes().stream()).toList());
		}

		@Override
		public Object handle(Context ctx) {
			String mediaType = this.produced.negotiate(ctx);
			for (WebOperationHandler operation : this.operations) {
				if (operation.produces(mediaType)) {
					return operation.handle(ctx, mediaType);
				}
			}
			return this.operations.get(0).handle(ctx, mediaType);
		}

		@Override
		public String toString() {
			return this.operations.toString();
		}

	}

	/**
	 * Writes endpoint results as JSON: Actuator's own response bodies with the endpoint
	 * {@link JsonMapper} when the application has one (Actuator's isolated mapper), every
	 * other value with the application's.
	 *
	 * @param application the application's JSON mapper
	 * @param endpoint the mapper for Actuator's response bodies
	 */
	public record EndpointBodies(JsonMapper application, JsonMapper endpoint) {

		Response json(int status, Object body, String contentType) {
			JsonMapper mapper = (body instanceof OperationResponseBody) ? this.endpoint : this.application;
			return Response.status(status).contentType(contentType).body(mapper.writeValueAsBytes(body));
		}

	}

}
