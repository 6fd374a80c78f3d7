package dev.fastro.http;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a route offers the people and tools that call it: a summary, the parameters it
 * reads, the body it accepts and the answers it gives. Declared with
 * {@link Routes.Builder#describe}; Fastro reads it when it describes the API (the OpenAPI
 * document, the route manifest), never while it serves a request.
 *
 * <pre>{@code
 * .get("/users/{id:[0-9]+}", ctx -> users.find(ctx.paramLong("id")))
 * .describe(doc -> doc.summary("Finds a user").param("id", long.class)
 *         .returns(200, User.class).returns(404))
 * }</pre>
 *
 * Each method returns a new description, so a shared one may be refined per route.
 *
 * @param summary a line saying what the route does, or {@code null}
 * @param description a longer explanation, or {@code null}
 * @param operationId the route's name for code generators, or {@code null} for one
 * derived from its method and pattern
 * @param deprecated whether clients should stop calling the route
 * @param tags the names the route is listed under, the builder's tags first
 * @param parameters the path, query and header parameters declared
 * @param body the body the route accepts, or {@code null} for none declared
 * @param answers the answers declared, in declaration order
 */
public record RouteDescription(String summary, String description, String operationId, boolean deprecated,
		List<String> tags, List<Parameter> parameters, Body body, List<Answer> answers) {

	private static final RouteDescription NONE = new RouteDescription(null, null, null, false, List.of(), List.of(),
			null, List.of());

	public RouteDescription {
		tags = List.copyOf(tags);
		parameters = List.copyOf(parameters);
		answers = List.copyOf(answers);
	}

	/** A description that says nothing yet. */
	public static RouteDescription none() {
		return NONE;
	}

	/** Sets the one-line summary. */
	public RouteDescription summary(String summary) {
		return new RouteDescription(summary, this.description, this.operationId, this.deprecated, this.tags,
				this.parameters, this.body, this.answers);
	}

	/** Sets the longer explanation; CommonMark is allowed. */
	public RouteDescription description(String description) {
		return new RouteDescription(this.summary, description, this.operationId, this.deprecated, this.tags,
				this.parameters, this.body, this.answers);
	}

	/** Names the route for code generators; unique across the application. */
	public RouteDescription operationId(String operationId) {
		return new RouteDescription(this.summary, this.description, operationId, this.deprecated, this.tags,
				this.parameters, this.body, this.answers);
	}

	/** Marks the route as one clients should stop calling. */
	public RouteDescription deprecated(boolean deprecated) {
		return new RouteDescription(this.summary, this.description, this.operationId, deprecated, this.tags,
				this.parameters, this.body, this.answers);
	}

	/** Adds names to list the route under. */
	public RouteDescription tags(String... tags) {
		return new RouteDescription(this.summary, this.description, this.operationId, this.deprecated,
				plus(this.tags, List.of(tags)), this.parameters, this.body, this.answers);
	}

	/**
	 * Declares the Java type of a path parameter, such as {@code long.class} for one read
	 * with {@link Context#paramLong}; undeclared ones are strings, constrained by their
	 * pattern's regex.
	 */
	public RouteDescription param(String name, Type type) {
		return with(new Parameter(Parameter.In.PATH, name, type, true));
	}

	/** Declares a query parameter the route requires. */
	public RouteDescription query(String name, Type type) {
		return with(new Parameter(Parameter.In.QUERY, name, type, true));
	}

	/** Declares a query parameter the route reads when present. */
	public RouteDescription optionalQuery(String name, Type type) {
		return with(new Parameter(Parameter.In.QUERY, name, type, false));
	}

	/** Declares a request header the route requires. */
	public RouteDescription header(String name, Type type) {
		return with(new Parameter(Parameter.In.HEADER, name, type, true));
	}

	/** Declares a request header the route reads when present. */
	public RouteDescription optionalHeader(String name, Type type) {
		return with(new Parameter(Parameter.In.HEADER, name, type, false));
	}

	/** Declares the JSON body the route reads with {@link Context#body}. */
	public RouteDescription accepts(Type type) {
		return accepts(type, "application/json");
	}

	/** Declares the body the route reads, of {@code mediaType}. */
	public RouteDescription accepts(Type type, String mediaType) {
		return new RouteDescription(this.summary, this.description, this.operationId, this.deprecated, this.tags,
				this.parameters, new Body(type, mediaType), this.answers);
	}

	/**
	 * Declares an answer of {@code status} whose body is {@code type}, of the media type
	 * Fastro writes a handler's result of that type in: text for a {@code CharSequence},
	 * {@code application/octet-stream} for bytes, problem details for a {@link Problem},
	 * JSON for anything else.
	 */
	public RouteDescription returns(int status, Type type) {
		Objects.requireNonNull(type, "type");
		return returns(status, type, writtenAs(type));
	}

	/**
	 * Declares an answer of {@code status} whose body is {@code type}, of
	 * {@code mediaType}.
	 */
	public RouteDescription returns(int status, Type type, String mediaType) {
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(mediaType, "mediaType");
		return with(new Answer(status, type, mediaType));
	}

	/**
	 * Declares an answer of {@code status} without a body of the route's own; an error
	 * status carries Fastro's problem details.
	 */
	public RouteDescription returns(int status) {
		return with(new Answer(status, null, null));
	}

	/** The media type {@code ResultWriter} gives a result of {@code type}. */
	private static String writtenAs(Type type) {
		Class<?> raw = (type instanceof ParameterizedType generic) ? (Class<?>) generic.getRawType()
				: (type instanceof Class<?> plain) ? plain : Object.class;
		if (CharSequence.class.isAssignableFrom(raw)) {
			return "text/plain";
		}
		if (raw == byte[].class || ByteBuffer.class.isAssignableFrom(raw)) {
			return "application/octet-stream";
		}
		return (raw == Problem.class) ? "application/problem+json" : "application/json";
	}

	/** This description, listed under {@code outer} tags before its own. */
	RouteDescription withTagsFirst(List<String> outer) {
		return outer.isEmpty() ? this : new RouteDescription(this.summary, this.description, this.operationId,
				this.deprecated, plus(outer, this.tags), this.parameters, this.body, this.answers);
	}

	private RouteDescription with(Answer answer) {
		return new RouteDescription(this.summary, this.description, this.operationId, this.deprecated, this.tags,
				this.parameters, this.body, plus(this.answers, List.of(answer)));
	}

	private RouteDescription with(Parameter parameter) {
		return new RouteDescription(this.summary, this.description, this.operationId, this.deprecated, this.tags,
				plus(this.parameters, List.of(parameter)), this.body, this.answers);
	}

	private static <T> List<T> plus(List<T> list, List<T> more) {
		List<T> joined = new ArrayList<>(list);
		joined.addAll(more);
		return joined;
	}

	/**
	 * A parameter a route reads.
	 *
	 * @param in where the parameter comes from
	 * @param name its name, as the handler reads it
	 * @param type its Java type
	 * @param required whether the route refuses a request without it
	 */
	public record Parameter(In in, String name, Type type, boolean required) {

		public Parameter {
			Objects.requireNonNull(in, "in");
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(type, "type");
		}

		/** Where a parameter comes from. */
		public enum In {

			/** A segment of the path, named in the route's pattern. */
			PATH,

			/** The query string. */
			QUERY,

			/** A request header. */
			HEADER

		}

	}

	/**
	 * The body a route accepts.
	 *
	 * @param type its Java type
	 * @param mediaType its media type
	 */
	public record Body(Type type, String mediaType) {

		public Body {
			Objects.requireNonNull(type, "type");
			Objects.requireNonNull(mediaType, "mediaType");
		}

	}

	/**
	 * An answer a route gives.
	 *
	 * @param status its status code
	 * @param type the Java type of its body, or {@code null} for none of the route's own
	 * @param mediaType the media type of its body, or {@code null} when it has none
	 */
	public record Answer(int status, Type type, String mediaType) {

		public Answer {
			if (status < 100 || status > 599) {
				throw new IllegalArgumentException("An answer's status is from 100 to 599, not " + status);
			}
			if ((type == null) != (mediaType == null)) {
				throw new IllegalArgumentException("An answer has both a type and a media type, or neither");
			}
		}

	}

}
