package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Problem;
import dev.fastro.http.Response;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;

import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.InvocationContext;
import org.springframework.boot.actuate.endpoint.OperationArgumentResolver;
import org.springframework.boot.actuate.endpoint.OperationType;
import org.springframework.boot.actuate.endpoint.ProducibleOperationArgumentResolver;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.actuate.endpoint.web.WebOperationRequestPredicate;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.core.io.Resource;

/**
 * Invokes one Actuator {@link WebOperation} for a request, as Spring Boot's WebFlux
 * endpoint mapping does: path variables, query parameters and, for a write operation, the
 * members of a JSON body are its arguments; the answer's status and content type come
 * from a {@link WebEndpointResponse}, else 200 with the negotiated type; no value is a
 * 404 for a read and a 204 otherwise; an invalid request, such as a missing parameter, is
 * a 400 naming what was wrong. Where Actuator's own mappings send a 404 with no body,
 * such as for a metric or health group that does not exist, this one sends a problem that
 * says so.
 */
final class WebOperationHandler implements Handler {

	private static final TypeReference<Map<String, Object>> JSON_OBJECT = new TypeReference<>() {
	};

	private final EndpointId endpoint;

	private final WebOperation operation;

	private final String remainingSegmentsVariable;

	private final ProducedMediaTypes produced;

	private final OperationArgumentResolver namespace;

	private final ActuatorRoutes.EndpointBodies bodies;

	private final Function<Context, SecurityContext> security;

	WebOperationHandler(EndpointId endpoint, WebOperation operation, WebServerNamespace namespace,
			ActuatorRoutes.EndpointBodies bodies, Function<Context, SecurityContext> security) {
		WebOperationRequestPredicate predicate = operation.getRequestPredicate();
		this.endpoint = endpoint;
		this.operation = operation;
		this.remainingSegmentsVariable = predicate.getMatchAllRemainingPathSegmentsVariable();
		this.produced = new ProducedMediaTypes(predicate.getProduces());
		this.namespace = OperationArgumentResolver.of(WebServerNamespace.class, () -> namespace);
		this.bodies = bodies;
		this.security = security;
	}

	@Override
	public Object handle(Context ctx) {
		return handle(ctx, this.produced.negotiate(ctx));
	}

	/**
	 * Invokes the operation for a request whose content type has been negotiated already.
	 */
	Object handle(Context ctx, String contentType) {
		InvocationContext invocation = new InvocationContext(this.security.apply(ctx), arguments(ctx), this.namespace,
				new ProducibleOperationArgumentResolver(() -> ctx.headers("accept")));
		Object result;
		try {
			result = this.operation.invoke(invocation);
		}
		catch (InvalidEndpointRequestException ex) {
			throw badRequest(ex);
		}
		if (result instanceof Publisher<?> publisher) {
			Mono<?> value = (publisher instanceof Flux<?> flux) ? flux.collectList() : Mono.from(publisher);
			return value.map(item -> answer(ctx, item, contentType))
				.onErrorMap(InvalidEndpointRequestException.class, WebOperationHandler::badRequest)
				.defaultIfEmpty(nothing(ctx));
		}
		return (result != null) ? answer(ctx, result, contentType) : nothing(ctx);
	}

	private Map<String, Object> arguments(Context ctx) {
		Map<String, Object> arguments = new LinkedHashMap<>(ctx.params());
		if (this.remainingSegmentsVariable != null) {
			String remaining = ctx.param(this.remainingSegmentsVariable);
			arguments.put(this.remainingSegmentsVariable,
					remaining.isEmpty() ? new String[0] : remaining.split("/", -1));
		}
		if (this.operation.getType() != OperationType.READ && ctx.bodyBytes().length > 0) {
			arguments.putAll(ctx.body(JSON_OBJECT));
		}
		for (Map.Entry<String, List<String>> query : ctx.queryMap().entrySet()) {
			List<String> values = query.getValue();
			arguments.put(query.getKey(), (values.size() != 1) ? values : values.get(0));
		}
		return arguments;
	}

	private Object answer(Context ctx, Object result, String negotiated) {
		if (!(result instanceof WebEndpointResponse<?> response)) {
			return body(200, result, negotiated);
		}
		String contentType = (response.getContentType() != null) ? response.getContentType().toString() : negotiated;
		Object body = response.getBody();
		if (body != null) {
			return body(response.getStatus(), body, contentType);
		}
		return (response.getStatus() == 404) ? notFound(ctx) : Response.status(response.getStatus());
	}

	/**
	 * Text and bytes as they are, a resource (such as the heap dump's file) streamed from
	 * its content, as WebFlux writes them, and any other value as JSON.
	 */
	private Response body(int status, Object body, String contentType) {
		if (body instanceof byte[] || body instanceof CharSequence) {
			return Response.status(status).contentType(contentType).body(body);
		}
		if (body instanceof Resource resource) {
			return Response.status(status).contentType(contentType).body(content(resource));
		}
		return this.bodies.json(status, body, contentType);
	}

	private static InputStream content(Resource resource) {
		try {
			return resource.getInputStream();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + resource, ex);
		}
	}

	private Object nothing(Context ctx) {
		return (this.operation.getType() == OperationType.READ) ? notFound(ctx) : Response.status(204);
	}

	private Problem notFound(Context ctx) {
		return Problem.of(404, "Actuator endpoint '" + this.endpoint + "' has nothing at " + ctx.path(), ctx.path());
	}

	private static HttpException badRequest(InvalidEndpointRequestException ex) {
		return new HttpException(400, ex.getReason(), ex);
	}

	/** The media types the operation produces, in its order of preference. */
	Collection<String> mediaTypes() {
		return this.operation.getRequestPredicate().getProduces();
	}

	/** Whether the operation produces a media type, as negotiation names it. */
	boolean produces(String mediaType) {
		return this.produced.includes(mediaType);
	}

	@Override
	public String toString() {
		return "Actuator web endpoint '" + this.operation.getId() + "'";
	}

}
