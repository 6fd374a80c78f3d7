package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;

import dev.fastro.http.Context;
import dev.fastro.http.internal.ContentNegotiation;
import dev.fastro.http.internal.FileBody;
import dev.fastro.http.internal.NoRouteFallback;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;

/**
 * Static resources: the files a {@code GET} or {@code HEAD} that no route takes is
 * answered with, found under the locations of the most specific path pattern its path
 * matches, in their order. Each is found on the blocking scheduler, with its
 * precompressed variants ({@code app.js.br} and {@code app.js.gz} beside {@code app.js}),
 * of which the one the client accepts best by {@code Accept-Encoding} is sent. With a
 * single-page app, a request for a page (one that accepts {@code text/html}) that finds
 * no file gets the {@code index.html} of the first static location that has one.
 */
public final class StaticResources implements NoRouteFallback {

	private static final String WELCOME_PAGE = "index.html";

	/** Where the resources of WebJars are, as Spring Boot serves them. */
	private static final String WEBJARS = "classpath:/META-INF/resources/webjars/";

	/** The precompressed variants looked for, in the server's order of preference. */
	private static final String[][] VARIANTS = { { "br", ".br" }, { "gzip", ".gz" } };

	private static final List<String> HTML = List.of("text/html");

	private final List<Mapping> mappings;

	private final Mapping pages;

	private final boolean singlePageApp;

	private final String cacheControl;

	private final Scheduler blockingScheduler;

	private StaticResources(List<Mapping> mappings, boolean singlePageApp, String cacheControl,
			Scheduler blockingScheduler) {
		this.pages = mappings.get(0);
		List<Mapping> bySpecificity = new ArrayList<>(mappings);
		bySpecificity.removeIf((mapping) -> mapping.locations().isEmpty());
		bySpecificity.sort(Comparator.comparingInt((Mapping mapping) -> mapping.prefix().length()).reversed());
		this.mappings = List.copyOf(bySpecificity);
		this.singlePageApp = singlePageApp;
		this.cacheControl = cacheControl;
		this.blockingScheduler = blockingScheduler;
	}

	/**
	 * The static resources of an application, from those of their locations that exist.
	 * @param locations the locations of the application's resources, in order, such as
	 * {@code classpath:/static/}
	 * @param pathPattern the requests they answer: {@code /**}, or {@code /prefix/**}
	 * @param webjarsPathPattern the requests the resources of WebJars answer, the same
	 * way
	 * @param singlePageApp whether a page that finds no file gets the application's
	 * {@code index.html}
	 * @param cacheControl the {@code Cache-Control} of every resource, or {@code null}
	 * @param loader what reads the locations
	 * @param validators the validators of the files found
	 * @param blockingScheduler where files are looked for
	 * @throws IOException when a location of the file system cannot be read
	 * @throws IllegalArgumentException when a location is neither on the class path nor
	 * on the file system
	 */
	public static StaticResources of(List<String> locations, String pathPattern, String webjarsPathPattern,
			boolean singlePageApp, String cacheControl, ResourceLoader loader, FileValidators validators,
			Scheduler blockingScheduler) throws IOException {
		Mapping pages = new Mapping(prefix(pathPattern), existing(locations, loader, validators), null);
		UnaryOperator<String> versions = ClassUtils.isPresent(WebJarVersions.LOCATOR, loader.getClassLoader())
				? new WebJarVersions() : null;
		Mapping webjars = new Mapping(prefix(webjarsPathPattern), existing(List.of(WEBJARS), loader, validators),
				versions);
		return new StaticResources(List.of(pages, webjars), singlePageApp, cacheControl, blockingScheduler);
	}

	/**
	 * Whether any of these locations, or that of WebJars, exists.
	 * @throws IOException when a location of the file system cannot be read
	 * @throws IllegalArgumentException when a location is neither on the class path nor
	 * on the file system
	 */
	public static boolean anyExists(List<String> locations, ResourceLoader loader) throws IOException {
		return !existing(locations, loader, null).isEmpty() || !existing(List.of(WEBJARS), loader, null).isEmpty();
	}

	private static List<StaticLocation> existing(List<String> locations, ResourceLoader loader,
			FileValidators validators) throws IOException {
		List<StaticLocation> existing = new ArrayList<>(locations.size());
		for (String location : locations) {
			StaticLocation found = StaticLocation.of(location, loader, validators);
			if (found != null) {
				existing.add(found);
			}
		}
		return existing;
	}

	/** The prefix of a pattern that {@code FastroProperties} checked: {@code /.../**}. */
	private static String prefix(String pattern) {
		return pattern.substring(0, pattern.length() - 2);
	}

	@Override
	public Mono<?> answer(Context ctx, boolean routedForOtherMethods) {
		Mapping mapping = mapping(ctx.path());
		String resource = (mapping != null) ? resource(ctx.path(), mapping) : null;
		if (resource == null) {
			// Refused: a 404, even for a single-page app.
			return Mono.empty();
		}
		boolean page = this.singlePageApp && mapping == this.pages && !routedForOtherMethods && acceptsHtml(ctx);
		return Mono.fromCallable(() -> find(ctx, mapping, resource, page)).subscribeOn(this.blockingScheduler);
	}

	/**
	 * Whether a file answers a {@code GET} of the path, as Spring's resource handling
	 * allows {@code GET}, {@code HEAD} and {@code OPTIONS} on it; the page of a
	 * single-page app does not count, since it answers only pages.
	 */
	@Override
	public Mono<Boolean> answersGet(Context ctx) {
		Mapping mapping = mapping(ctx.path());
		String resource = (mapping != null) ? resource(ctx.path(), mapping) : null;
		if (resource == null) {
			return Mono.just(false);
		}
		return Mono.fromCallable(() -> find(ctx, mapping, resource) != null).subscribeOn(this.blockingScheduler);
	}

	/** The most specific mapping whose prefix a path has, or {@code null}. */
	private Mapping mapping(String path) {
		for (Mapping candidate : this.mappings) {
			if (path.startsWith(candidate.prefix())) {
				return candidate;
			}
		}
		return null;
	}

	/** The resource's path within the mapping's locations, or {@code null}: refused. */
	private static String resource(String path, Mapping mapping) {
		return ResourcePath.of(path.substring(mapping.prefix().length()));
	}

	/** The file to answer with, or {@code null}; blocks. */
	private FileBody find(Context ctx, Mapping mapping, String resource, boolean page) throws IOException {
		FileBody file = find(ctx, mapping, resource);
		if (file == null && page) {
			file = find(ctx, this.pages, WELCOME_PAGE);
		}
		if (file != null && this.cacheControl != null) {
			ctx.header("cache-control", this.cacheControl);
		}
		return file;
	}

	/**
	 * The resource at {@code path} in the first of the mapping's locations that has it,
	 * or its precompressed variant that the client accepts best; failing that, the
	 * resource at the path with its version, for a mapping whose paths may leave it out.
	 */
	private static FileBody find(Context ctx, Mapping mapping, String path) throws IOException {
		FileBody file = findAsIs(ctx, mapping, path);
		String versioned = (file == null && mapping.versions() != null) ? mapping.versions().apply(path) : null;
		return (versioned != null && !versioned.equals(path)) ? findAsIs(ctx, mapping, versioned) : file;
	}

	private static FileBody findAsIs(Context ctx, Mapping mapping, String path) throws IOException {
		String contentType = FileContentTypes.of(path.substring(path.lastIndexOf('/') + 1));
		for (StaticLocation location : mapping.locations()) {
			FileBody plain = location.find(path, contentType);
			if (plain != null) {
				return variant(ctx, location, path, contentType, plain);
			}
		}
		return null;
	}

	private static FileBody variant(Context ctx, StaticLocation location, String path, String contentType,
			FileBody plain) throws IOException {
		List<String> codings = new ArrayList<>(VARIANTS.length);
		List<FileBody> variants = new ArrayList<>(VARIANTS.length);
		for (String[] variant : VARIANTS) {
			FileBody encoded = location.find(path + variant[1], contentType);
			if (encoded != null) {
				codings.add(variant[0]);
				variants.add(encoded.encoded(variant[0]));
			}
		}
		if (codings.isEmpty()) {
			return plain;
		}
		String coding = ContentCodings.of(codings.toArray(String[]::new)).choose(ctx.headers("accept-encoding"));
		return ((coding != null) ? variants.get(codings.indexOf(coding)) : plain).varying();
	}

	/**
	 * Whether the request asks for a page: its {@code Accept} names {@code text/html}
	 * itself, as a browser's navigation does, rather than through {@code *}{@code /*}.
	 */
	private static boolean acceptsHtml(Context ctx) {
		return ContentNegotiation.choose(ctx.headers("accept"), HTML,
				(element, candidate) -> element.equals(candidate) ? 0 : -1) != null;
	}

	/**
	 * A path pattern and the locations of the resources it serves.
	 *
	 * @param prefix what a request path starts with to match it: {@code /} for
	 * {@code /**}, {@code /webjars/} for {@code /webjars/**}
	 * @param locations where its resources are, in order
	 * @param versions the path of a resource with its version, for WebJars whose version
	 * a request may leave out, or {@code null}
	 */
	private record Mapping(String prefix, List<StaticLocation> locations, UnaryOperator<String> versions) {

	}

}
