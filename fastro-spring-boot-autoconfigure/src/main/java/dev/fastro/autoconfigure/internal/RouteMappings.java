package dev.fastro.autoconfigure.internal;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.fastro.http.Middleware;
import dev.fastro.http.Route;
import dev.fastro.http.RouteDescription;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.ServedRoute;
import dev.fastro.http.internal.WebSocketEndpoint;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.web.mappings.MappingDescriptionProvider;
import org.springframework.context.ApplicationContext;

/**
 * Fastro's routes in Actuator's {@code mappings} endpoint, under {@code fastro}, each
 * described as Spring Boot describes a WebFlux handler mapping: its predicate, the
 * {@code Routes} bean that declared it, and its methods, patterns and media types, with
 * what only Fastro knows beside them (group, middleware, blocking or not). Tools that
 * list Boot's mappings, such as Spring Boot Admin and IDEs, read them alike.
 */
public final class RouteMappings implements MappingDescriptionProvider {

	// Looked up when the endpoint is read: the dispatcher serves the endpoint, so it is
	// built after it.
	private final ObjectProvider<Dispatcher> dispatcher;

	public RouteMappings(ObjectProvider<Dispatcher> dispatcher) {
		this.dispatcher = dispatcher;
	}

	@Override
	public String getMappingName() {
		return "fastro";
	}

	@Override
	public List<RouteMapping> describeMappings(ApplicationContext context) {
		Map<Middleware, String> beanNames = new IdentityHashMap<>();
		context.getBeansOfType(Middleware.class).forEach((name, bean) -> beanNames.put(bean, name));
		return this.dispatcher.getObject().served().stream().map((served) -> mapping(served, beanNames)).toList();
	}

	private static RouteMapping mapping(ServedRoute served, Map<Middleware, String> beanNames) {
		Route route = served.route();
		RouteDescription description = route.description();
		List<MediaTypeExpression> consumes = (description.body() != null)
				? List.of(new MediaTypeExpression(description.body().mediaType())) : List.of();
		List<MediaTypeExpression> produces = description.answers()
			.stream()
			.filter((answer) -> answer.status() < 400)
			.map(RouteDescription.Answer::mediaType)
			.filter(Objects::nonNull)
			.distinct()
			.map(MediaTypeExpression::new)
			.toList();
		RequestMappingConditions conditions = new RequestMappingConditions(List.of(route.method()),
				List.of(route.pattern()), consumes, produces, List.of(), List.of());
		RouteDetails details = new RouteDetails(route.group(), chain(served, beanNames), route.blocking(),
				route.streaming(), route.handler() instanceof WebSocketEndpoint, description.summary());
		return new RouteMapping("{" + route.method() + " [" + route.pattern() + "]}", served.source(),
				new Details(conditions, details));
	}

	/**
	 * The names of a served route's middleware chain, outermost first: global middleware
	 * beans by bean name, then its group's and its own by {@link #name}.
	 */
	static List<String> chain(ServedRoute served, Map<Middleware, String> beanNames) {
		List<String> chain = new ArrayList<>();
		served.globalMiddleware().forEach((global) -> chain.add(beanNames.getOrDefault(global, name(global))));
		served.route().middleware().forEach((own) -> chain.add(name(own)));
		return chain;
	}

	/**
	 * A middleware's class's name without its package, or the class a lambda was written
	 * in.
	 */
	static String name(Middleware middleware) {
		String name = middleware.getClass().getName();
		int lambda = name.indexOf("$$Lambda");
		String declaring = name.substring(name.lastIndexOf('.') + 1, (lambda >= 0) ? lambda : name.length())
			.replace('$', '.');
		return (lambda >= 0) ? "lambda in " + declaring : declaring;
	}

	/**
	 * One route, in the shape of Spring Boot's
	 * {@code DispatcherHandlerMappingDescription}.
	 *
	 * @param predicate the method and pattern it answers
	 * @param handler where it was declared
	 * @param details its conditions and Fastro's details
	 */
	public record RouteMapping(String predicate, String handler, Details details) {
	}

	/**
	 * @param requestMappingConditions its conditions, as Spring Boot describes a request
	 * mapping's
	 * @param route what Fastro knows of it besides
	 */
	public record Details(RequestMappingConditions requestMappingConditions, RouteDetails route) {
	}

	/**
	 * @param methods its method
	 * @param patterns its pattern, group prefixes included
	 * @param consumes the media type of the body it declares
	 * @param produces the media types of the answers it declares, errors left out
	 * @param headers none: Fastro routes by method and path only
	 * @param params none: Fastro routes by method and path only
	 */
	public record RequestMappingConditions(List<String> methods, List<String> patterns,
			List<MediaTypeExpression> consumes, List<MediaTypeExpression> produces, List<Object> headers,
			List<Object> params) {
	}

	/**
	 * @param mediaType a media type
	 * @param negated always false
	 */
	public record MediaTypeExpression(String mediaType, boolean negated) {

		MediaTypeExpression(String mediaType) {
			this(mediaType, false);
		}

	}

	/**
	 * @param group the prefix of its innermost group, or empty
	 * @param middleware its chain, outermost first: global middleware beans by bean name,
	 * then its group's and its own
	 * @param blocking whether its handler runs off the event loop
	 * @param streaming whether it reads its body as it arrives
	 * @param webSocket whether it switches to WebSocket
	 * @param summary its declared summary, or null (left out)
	 */
	public record RouteDetails(String group, List<String> middleware, boolean blocking, boolean streaming,
			boolean webSocket, String summary) {
	}

}
