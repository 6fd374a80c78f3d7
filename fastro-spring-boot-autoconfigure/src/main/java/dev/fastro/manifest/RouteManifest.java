package dev.fastro.manifest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.fastro.http.Route;
import dev.fastro.http.RouteDescription;
import dev.fastro.http.RouteDescription.Parameter.In;
import dev.fastro.manifest.ManifestRoute.Content;
import dev.fastro.manifest.ManifestRoute.Parameter;
import dev.fastro.manifest.ManifestRoute.PathParameter;
import dev.fastro.router.internal.PatternOutline;
import io.netty.handler.codec.http.HttpUtil;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * An application's routes as their clients depend on them: for each route its method,
 * pattern and parameters, the body it accepts and the answers it gives, with the shape of
 * each JSON body as the application's {@link JsonMapper} writes it. Built from the
 * routes' {@link RouteDescription descriptions}, written to a file that is committed with
 * the application, and compared with the next release's to list the changes that would
 * break a client:
 *
 * <pre>{@code
 * RouteManifest current = RouteManifest.of(routes, jsonMapper);
 * List<BreakingChange> changes = current.breakingChangesSince(RouteManifest.read(file));
 * }</pre>
 *
 * The file is JSON, written the same way for the same routes (routes sorted by pattern
 * then method, keys sorted, one value a line), so that its diff shows what changed.
 *
 * @param routes the routes, sorted by pattern then method
 */
public record RouteManifest(List<ManifestRoute> routes) {

	private static final Comparator<ManifestRoute> ORDER = Comparator.comparing(ManifestRoute::pattern)
		.thenComparing(ManifestRoute::method);

	/**
	 * The file's own mapper, so that the application's JSON settings (a naming strategy,
	 * say) never change its format.
	 */
	private static final JsonMapper FILE = JsonMapper.builder()
		.enable(SerializationFeature.INDENT_OUTPUT, SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
		.enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
		.disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
		.changeDefaultPropertyInclusion((inclusion) -> inclusion.withValueInclusion(JsonInclude.Include.NON_EMPTY))
		.build();

	public RouteManifest {
		Objects.requireNonNull(routes, "routes");
		routes = routes.stream().sorted(ORDER).toList();
	}

	/**
	 * The manifest of {@code routes}.
	 * @param routes the routes, as {@code Routes#routes()} lists them
	 * @param json the application's mapper, which decides the JSON names and types of
	 * bodies
	 * @return the manifest
	 */
	public static RouteManifest of(List<Route> routes, JsonMapper json) {
		Shapes shapes = new Shapes(json);
		return new RouteManifest(routes.stream().map((route) -> entry(route, shapes)).toList());
	}

	/**
	 * Reads a manifest that {@link #write} wrote.
	 * @param file the manifest's file
	 * @return the manifest
	 * @throws UncheckedIOException if the file cannot be read
	 * @throws IllegalArgumentException if it holds no manifest
	 */
	public static RouteManifest read(Path file) {
		try {
			return FILE.readValue(Files.readString(file), RouteManifest.class);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the route manifest " + file, ex);
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException(
					"The file " + file + " holds no route manifest: " + ex.getOriginalMessage(), ex);
		}
	}

	/**
	 * Writes this manifest to {@code file}, creating its directory if needed.
	 * @param file the manifest's file
	 * @throws UncheckedIOException if the file cannot be written
	 */
	public void write(Path file) {
		try {
			Path directory = file.toAbsolutePath().getParent();
			if (directory != null) {
				Files.createDirectories(directory);
			}
			Files.writeString(file, toJson(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the route manifest " + file, ex);
		}
	}

	/**
	 * This manifest as its file holds it.
	 * @return the JSON text, ending with a newline
	 */
	public String toJson() {
		return FILE.writeValueAsString(this) + "\n";
	}

	/**
	 * The changes from {@code previous} to this manifest that would break a client of
	 * {@code previous}: a route removed (a renamed path parameter is no change), a path
	 * parameter's regex narrowed, a required parameter added, a parameter read as a
	 * narrower type, a body required or changed in a way an old request no longer fits,
	 * an answer removed or changed in a way an old client no longer reads. Added routes,
	 * parameters, answers and answer properties break nothing.
	 * @param previous the manifest of the release clients were written for
	 * @return the breaking changes, in the order of {@code previous}'s routes; empty when
	 * this manifest is compatible with it
	 */
	public List<BreakingChange> breakingChangesSince(RouteManifest previous) {
		return new Compatibility(previous, this).breakingChanges();
	}

	private static ManifestRoute entry(Route route, Shapes shapes) {
		RouteDescription description = route.description();
		List<PathParameter> path = PatternOutline.of(route.pattern())
			.parameters()
			.stream()
			.map((parameter) -> new PathParameter(parameter.name(), parameter.regex(),
					pathType(description, parameter.name(), shapes)))
			.toList();
		return new ManifestRoute(route.method(), route.pattern(), path, parameters(description, In.QUERY, shapes),
				parameters(description, In.HEADER, shapes), body(description.body(), shapes),
				answers(description.answers(), shapes));
	}

	private static String pathType(RouteDescription description, String name, Shapes shapes) {
		return description.parameters()
			.stream()
			.filter((parameter) -> parameter.in() == In.PATH && parameter.name().equals(name))
			.map((parameter) -> shapes.of(parameter.type()).type())
			.findFirst()
			.orElse("string");
	}

	/** Header names are case-insensitive, so the manifest lists them in lower case. */
	private static List<Parameter> parameters(RouteDescription description, In in, Shapes shapes) {
		return description.parameters()
			.stream()
			.filter((parameter) -> parameter.in() == in)
			.map((parameter) -> new Parameter(
					(in == In.HEADER) ? parameter.name().toLowerCase(Locale.ROOT) : parameter.name(),
					shapes.of(parameter.type()).type(), parameter.required()))
			.sorted(Comparator.comparing(Parameter::name))
			.toList();
	}

	private static Content body(RouteDescription.Body body, Shapes shapes) {
		return (body != null) ? content(mediaType(body.mediaType()), body.type(), shapes) : null;
	}

	private static SortedMap<String, Content> answers(List<RouteDescription.Answer> answers, Shapes shapes) {
		SortedMap<String, Content> byStatus = new TreeMap<>();
		for (RouteDescription.Answer answer : answers) {
			String mediaType = (answer.mediaType() != null) ? mediaType(answer.mediaType())
					: defaultMediaType(answer.status(), answer.type());
			byStatus.put(String.valueOf(answer.status()), content(mediaType, answer.type(), shapes));
		}
		return byStatus;
	}

	private static Content content(String mediaType, Type type, Shapes shapes) {
		boolean json = mediaType != null && (mediaType.equals("application/json") || mediaType.endsWith("+json"));
		return new Content(mediaType, (json && type != null) ? shapes.of(type) : null);
	}

	/** The media type Fastro writes for a handler's result of {@code type}. */
	private static String defaultMediaType(int status, Type type) {
		if (type == null) {
			return (status >= 400) ? "application/problem+json" : null;
		}
		if (type instanceof Class<?> raw && CharSequence.class.isAssignableFrom(raw)) {
			return "text/plain";
		}
		if (type == byte[].class || (type instanceof Class<?> raw && ByteBuffer.class.isAssignableFrom(raw))) {
			return "application/octet-stream";
		}
		return "application/json";
	}

	/** A media type without its parameters: a charset changes nothing a client parses. */
	private static String mediaType(String declared) {
		return HttpUtil.getMimeType(declared).toString().trim().toLowerCase(Locale.ROOT);
	}

}
