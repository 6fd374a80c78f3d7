package dev.fastro.openapi.internal;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.fastro.http.InvalidBodyException;
import dev.fastro.http.Route;
import dev.fastro.http.RouteDescription;
import dev.fastro.http.Upload;
import dev.fastro.router.internal.PercentDecoder;
import dev.fastro.router.internal.RoutePattern;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.converter.ResolvedSchema;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds the OpenAPI 3.1 document of a set of routes: one operation per route, its path
 * parameters from the route's pattern and its description, the schemas of its bodies from
 * their Java types as the application's {@link JsonMapper} writes them (naming strategy,
 * Jackson and Bean Validation annotations, by swagger-core's {@link ModelResolver}), and
 * Fastro's problem details described once in the components and referenced by the answers
 * that carry them.
 */
public final class OpenApiDocument {

	/** The components' schema of Fastro's problem details. */
	static final String PROBLEM = "Problem";

	private static final String PROBLEM_JSON = "application/problem+json";

	private final ModelConverters converters;

	private final Map<String, Schema> schemas = new TreeMap<>();

	private final Map<String, ApiResponse> problems = new TreeMap<>();

	private final Map<String, Route> operationIds = new HashMap<>();

	private OpenApiDocument(JsonMapper mapper) {
		this.converters = new ModelConverters(true);
		for (ModelConverter converter : List.copyOf(this.converters.getConverters())) {
			this.converters.removeConverter(converter);
		}
		this.converters.addConverter(new ModelResolver(mapper).openapi31(true));
		this.converters.addConverter(new BinaryUploads());
	}

	/**
	 * The document of {@code routes}.
	 * @param routes the routes, in the order their operations are listed
	 * @param info what the document says of the API
	 * @param mapper the application's mapper, which writes the bodies described
	 * @return the document
	 * @throws IllegalStateException naming the routes when two declare the same operation
	 * id
	 */
	public static OpenAPI describe(List<Route> routes, Info info, JsonMapper mapper) {
		return new OpenApiDocument(mapper).document(routes, info);
	}

	private OpenAPI document(List<Route> routes, Info info) {
		Map<String, PathItem> items = new LinkedHashMap<>();
		List<Route> undeclared = new ArrayList<>();
		for (Route route : routes) {
			String declared = route.description().operationId();
			if (declared != null) {
				claim(declared, route);
			}
			else {
				undeclared.add(route);
			}
		}
		Map<Route, String> derived = new HashMap<>();
		for (Route route : undeclared) {
			String base = derivedOperationId(route);
			String id = base;
			for (int n = 2; this.operationIds.containsKey(id); n++) {
				id = base + n;
			}
			claim(id, route);
			derived.put(route, id);
		}
		for (Route route : routes) {
			String id = (route.description().operationId() != null) ? route.description().operationId()
					: derived.get(route);
			List<Parameter> parameters = new ArrayList<>();
			String path = template(route, parameters);
			PathItem item = items.computeIfAbsent(path, (key) -> new PathItem());
			item.operation(PathItem.HttpMethod.valueOf(route.method()), operation(route, id, parameters));
		}
		Paths paths = new Paths();
		items.forEach(paths::addPathItem);
		Components components = new Components();
		this.schemas.put(PROBLEM, problemSchema());
		this.schemas.forEach(components::addSchemas);
		this.problems.forEach(components::addResponses);
		return new OpenAPI(SpecVersion.V31).openapi("3.1.0").info(info).paths(paths).components(components);
	}

	private void claim(String operationId, Route route) {
		Route previous = this.operationIds.putIfAbsent(operationId, route);
		if (previous != null) {
			throw new IllegalStateException("The routes " + previous + " and " + route + " have the same operation id '"
					+ operationId + "'; an operation id is unique");
		}
	}

	/**
	 * The OpenAPI path template of the route's pattern, adding its path parameters to
	 * {@code parameters}: a regex becomes the parameter's {@code pattern}, a catch-all a
	 * parameter that spans slashes.
	 */
	private String template(Route route, List<Parameter> parameters) {
		StringBuilder path = new StringBuilder();
		for (RoutePattern.Segment segment : RoutePattern.parse(route.pattern()).segments(false)) {
			path.append('/');
			if (segment.kind() == RoutePattern.Kind.STATIC) {
				// As declared: the client's tooling encodes what a URL cannot hold.
				path.append(PercentDecoder.decode(segment.text(), 0, segment.text().length()));
				continue;
			}
			boolean catchAll = segment.kind() == RoutePattern.Kind.CATCH_ALL;
			// '*' names its parameter for the handler, but is no name a template can
			// hold.
			String name = segment.text().equals("*") ? "path" : segment.text();
			path.append('{').append(name).append('}');
			RouteDescription.Parameter declared = declared(route, RouteDescription.Parameter.In.PATH, segment.text());
			Schema<?> schema = (declared != null) ? schema(declared.type()) : typed("string");
			if (segment.regex() != null) {
				schema.pattern("^(?:" + segment.regex().pattern() + ")$");
			}
			Parameter parameter = new Parameter().in("path").name(name).required(true).schema(schema);
			if (catchAll) {
				parameter.description("The rest of the path, slashes included");
			}
			parameters.add(parameter);
		}
		return path.toString();
	}

	private static RouteDescription.Parameter declared(Route route, RouteDescription.Parameter.In in, String name) {
		for (RouteDescription.Parameter parameter : route.description().parameters()) {
			if (parameter.in() == in && parameter.name().equals(name)) {
				return parameter;
			}
		}
		return null;
	}

	private Operation operation(Route route, String operationId, List<Parameter> parameters) {
		RouteDescription description = route.description();
		Operation operation = new Operation().operationId(operationId)
			.summary(description.summary())
			.description(description.description());
		description.tags().forEach(operation::addTagsItem);
		if (description.deprecated()) {
			operation.deprecated(true);
		}
		for (RouteDescription.Parameter declared : description.parameters()) {
			if (declared.in() != RouteDescription.Parameter.In.PATH) {
				parameters.add(new Parameter().in(declared.in().name().toLowerCase(Locale.ROOT))
					.name(declared.name())
					.required(declared.required())
					.schema(schema(declared.type())));
			}
		}
		if (!parameters.isEmpty()) {
			operation.parameters(parameters);
		}
		if (description.body() != null) {
			operation.requestBody(new RequestBody().required(true)
				.content(content(description.body().mediaType(), description.body().type())));
		}
		operation.responses(responses(route, readsParameters(description)));
		return operation;
	}

	/**
	 * Whether a request may be refused for a parameter: one of the query or the headers,
	 * or a path parameter read as other than text, such as a number.
	 */
	private static boolean readsParameters(RouteDescription description) {
		return description.parameters()
			.stream()
			.anyMatch((parameter) -> parameter.in() != RouteDescription.Parameter.In.PATH
					|| parameter.type() != String.class);
	}

	/**
	 * The declared answers, a 200 when none succeeds, and the problems Fastro answers by
	 * itself: 400 when the route reads parameters or a body, 413 and 415 when it reads a
	 * body, and 500.
	 */
	private ApiResponses responses(Route route, boolean readsParameters) {
		Map<Integer, ApiResponse> answers = new TreeMap<>();
		for (RouteDescription.Answer answer : route.description().answers()) {
			answers.put(answer.status(), answer(answer));
		}
		if (answers.keySet().stream().noneMatch((status) -> status < 400)) {
			answers.put(200, new ApiResponse().description(reason(200)));
		}
		boolean readsBody = route.description().body() != null;
		if (readsBody || readsParameters) {
			answers.computeIfAbsent(400, this::problem);
		}
		if (readsBody) {
			answers.computeIfAbsent(413, this::problem);
			answers.computeIfAbsent(415, this::problem);
		}
		answers.computeIfAbsent(500, this::problem);
		ApiResponses responses = new ApiResponses();
		answers.forEach((status, response) -> responses.addApiResponse(Integer.toString(status), response));
		return responses;
	}

	private ApiResponse answer(RouteDescription.Answer answer) {
		if (answer.type() == null) {
			return (answer.status() >= 400) ? problem(answer.status())
					: new ApiResponse().description(reason(answer.status()));
		}
		return new ApiResponse().description(reason(answer.status()))
			.content(content(answer.mediaType(), answer.type()));
	}

	/**
	 * A reference to the components' answer of {@code status} with Fastro's problem
	 * details, described there on first use.
	 */
	private ApiResponse problem(int status) {
		String name = HttpResponseStatus.valueOf(status).reasonPhrase().replaceAll("[^A-Za-z0-9]", "");
		if (name.isEmpty()) {
			name = "Status" + status;
		}
		this.problems.computeIfAbsent(name,
				(key) -> new ApiResponse().description(reason(status))
					.content(new Content().addMediaType(PROBLEM_JSON,
							new MediaType().schema(new JsonSchema().$ref("#/components/schemas/" + PROBLEM)))));
		return new ApiResponse().$ref("#/components/responses/" + name);
	}

	private static String reason(int status) {
		return HttpResponseStatus.valueOf(status).reasonPhrase();
	}

	private Content content(String mediaType, Type type) {
		// A whole body of bytes is sent as it is, not as the base64 text of a JSON
		// string.
		Schema<?> schema = (type == byte[].class && !mediaType.contains("json")) ? binary() : schema(type);
		return new Content().addMediaType(mediaType, new MediaType().schema(schema));
	}

	/**
	 * The schema of {@code type}, a reference for a type of its own (a record, a class,
	 * an enum) whose schemas join the components.
	 */
	private Schema<?> schema(Type type) {
		ResolvedSchema resolved = this.converters
			.resolveAsResolvedSchema(new AnnotatedType(type).resolveAsRef(true).components(null));
		if (resolved.referencedSchemas != null) {
			this.schemas.putAll(resolved.referencedSchemas);
		}
		return (resolved.schema != null) ? resolved.schema : typed("object");
	}

	/**
	 * Fastro's problem details (RFC 9457): the standard members, the {@code errors} of an
	 * invalid body ({@link InvalidBodyException}), and any other extension members.
	 */
	private Schema<?> problemSchema() {
		Schema<?> errors = new JsonSchema().typesItem("array").items(schema(InvalidBodyException.FieldError.class));
		return new JsonSchema().typesItem("object")
			.description("Problem details (RFC 9457)")
			.addProperty("type", typed("string").format("uri-reference"))
			.addProperty("title", typed("string"))
			.addProperty("status", typed("integer").format("int32"))
			.addProperty("detail", typed("string"))
			.addProperty("instance", typed("string").format("uri-reference"))
			.addProperty("errors", errors.description("The invalid fields of a request body"))
			.required(List.of("type", "title", "status"))
			.additionalProperties(true);
	}

	private static Schema<?> typed(String type) {
		return new JsonSchema().typesItem(type);
	}

	private static Schema<?> binary() {
		return typed("string").format("binary");
	}

	/**
	 * The operation id of a route that declares none: its method and its path's words in
	 * ASCII letters and digits, parameters after "By", such as {@code getUsersById} for
	 * {@code GET /users/{id}}.
	 */
	private static String derivedOperationId(Route route) {
		StringBuilder id = new StringBuilder(route.method().toLowerCase(Locale.ROOT));
		boolean words = false;
		for (RoutePattern.Segment segment : RoutePattern.parse(route.pattern()).segments(true)) {
			if (segment.kind() == RoutePattern.Kind.STATIC) {
				words |= appendWords(id, segment.text());
			}
			else {
				id.append("By");
				words |= appendWords(id, segment.text().equals("*") ? "path" : segment.text());
			}
		}
		return words ? id.toString() : id.append("Root").toString();
	}

	private static boolean appendWords(StringBuilder id, String text) {
		boolean any = false;
		boolean upper = true;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '%') {
				// A percent-encoded byte of a character beyond ASCII, which no id holds.
				i += 2;
				upper = true;
			}
			else if (c < 128 && Character.isLetterOrDigit(c)) {
				id.append(upper ? Character.toUpperCase(c) : c);
				upper = false;
				any = true;
			}
			else {
				upper = true;
			}
		}
		return any;
	}

	/**
	 * Fastro's {@link Upload}, a part of a multipart form, is the part's bytes as sent.
	 */
	private static final class BinaryUploads implements ModelConverter {

		@Override
		public Schema resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
			Type declared = type.getType();
			Class<?> raw = (declared instanceof JavaType javaType) ? javaType.getRawClass()
					: (declared instanceof Class<?> plain) ? plain : null;
			if (raw == Upload.class) {
				return binary();
			}
			return chain.hasNext() ? chain.next().resolve(type, context, chain) : null;
		}

	}

}
