package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
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

	/**
	 * What a kept lookup takes besides its path and contents: its key, entry and files.
	 */
	private static final int LOOKUP_OVERHEAD = 200;

	private final List<Mapping> mappings;

	private final Mapping pages;

	private final boolean singlePageApp;

	private final String cacheControl;

	private final Scheduler blockingScheduler;

	private final Cache<Lookup, Found> found;

	private final long maxFileInMemory;

	private StaticResources(List<Mapping> mappings, boolean singlePageApp, String cacheControl, Lookups lookups,
			Scheduler blockingScheduler) {
		this.pages = mappings.get(0);
		List<Mapping> bySpecificity = new ArrayList<>(mappings);
		bySpecificity.removeIf((mapping) -> mapping.locations().isEmpty());
		bySpecificity.sort(Comparator.comparingInt((Mapping mapping) -> mapping.prefix().length()).reversed());
		this.mappings = List.copyOf(bySpecificity);
		this.singlePageApp = singlePageApp;
		this.cacheControl = cacheControl;
		this.blockingScheduler = blockingScheduler;
		this.maxFileInMemory = lookups.maxFileSize();
		this.found = lookups.ttl().isZero() ? null
				: Caffeine.newBuilder()
					.expireAfterWrite(lookups.ttl())
					.maximumWeight(lookups.maxSize())
					.weigher((Lookup lookup, Found found) -> (int) Math
						.min(lookup.path().length() + LOOKUP_OVERHEAD + found.bytesInMemory(), Integer.MAX_VALUE))
					.executor(Runnable::run)
					.build();
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
	 * @param lookups what is kept of the lookups of paths
	 * @param loader what reads the locations
	 * @param validators the validators of the files found
	 * @param blockingScheduler where files are looked for
	 * @throws IOException when a location of the file system cannot be read
	 * @throws IllegalArgumentException when a location is neither on the class path nor
	 * on the file system
	 */
	public static StaticResources of(List<String> locations, String pathPattern, String webjarsPathPattern,
			boolean singlePageApp, String cacheControl, Lookups lookups, ResourceLoader loader,
			FileValidators validators, Scheduler blockingScheduler) throws IOException {
		Mapping pages = new Mapping(prefix(pathPattern), existing(locations, loader, validators), null);
		UnaryOperator<String> versions = ClassUtils.isPresent(WebJarVersions.LOCATOR, loader.getClassLoader())
				? new WebJarVersions() : null;
		Mapping webjars = new Mapping(prefix(webjarsPathPattern), existing(List.of(WEBJARS), loader, validators),
				versions);
		return new StaticResources(List.of(pages, webjars), singlePageApp, cacheControl, lookups, blockingScheduler);
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
		boolean page = this.singlePageApp && mapping == this.pages && !routedForOtherMethods && acceptsHtml(ctx);
		Lookup lookup = new Lookup(ctx.path(), page);
		Found found = (this.found != null) ? this.found.getIfPresent(lookup) : null;
		if (found != null) {
			FileBody file = found.choose(ctx.headers("accept-encoding"));
			if (file == null || !file.isFile() || file.isInMemory() || !sendsFile(ctx)) {
				return answer(ctx, file);
			}
		}
		String resource = (mapping != null) ? resource(ctx.path(), mapping) : null;
		if (resource == null) {
			// Refused: a 404, even for a single-page app.
			return Mono.empty();
		}
		return Mono.fromCallable(() -> current(lookup, found, mapping, resource))
			.subscribeOn(this.blockingScheduler)
			.flatMap((current) -> answer(ctx, current.choose(ctx.headers("accept-encoding"))));
	}

	/**
	 * Whether a file answers a {@code GET} of the path, as Spring's resource handling
	 * allows {@code GET}, {@code HEAD} and {@code OPTIONS} on it; the page of a
	 * single-page app does not count, since it answers only pages.
	 */
	@Override
	public Mono<Boolean> answersGet(Context ctx) {
		Lookup lookup = new Lookup(ctx.path(), false);
		Found found = (this.found != null) ? this.found.getIfPresent(lookup) : null;
		if (found != null) {
			return Mono.just(found.file() != null);
		}
		Mapping mapping = mapping(ctx.path());
		String resource = (mapping != null) ? resource(ctx.path(), mapping) : null;
		if (resource == null) {
			return Mono.just(false);
		}
		return Mono.fromCallable(() -> current(lookup, null, mapping, resource).file() != null)
			.subscribeOn(this.blockingScheduler);
	}

	private Mono<FileBody> answer(Context ctx, FileBody file) {
		if (file != null && this.cacheControl != null) {
			ctx.header("cache-control", this.cacheControl);
		}
		return Mono.justOrEmpty(file);
	}

	/**
	 * Whether the answer may send the file itself, rather than a {@code 304} or the
	 * headers alone: a {@code GET} with no validator of the client's to revalidate. A
	 * file kept from an earlier lookup is then checked to be unchanged, unless its
	 * content is held in memory, which is as current as the rest of the lookup.
	 */
	private static boolean sendsFile(Context ctx) {
		return ctx.method().equals("GET") && ctx.header("if-none-match") == null
				&& ctx.header("if-modified-since") == null;
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

	/**
	 * What the lookup finds now: what it found before if that is still there unchanged,
	 * else what a new look finds, kept for the next requests; blocks.
	 */
	private Found current(Lookup lookup, Found before, Mapping mapping, String resource) throws IOException {
		if (before != null && before.isCurrent()) {
			return before;
		}
		Found found = find(mapping, resource);
		if (found.file() == null && lookup.page()) {
			found = find(this.pages, WELCOME_PAGE);
		}
		if (this.found != null) {
			found = found.inMemoryUpTo(this.maxFileInMemory);
			this.found.put(lookup, found);
		}
		return found;
	}

	/**
	 * The resource at {@code path} in the first of the mapping's locations that has it,
	 * with its precompressed variants; failing that, the resource at the path with its
	 * version, for a mapping whose paths may leave it out.
	 */
	private static Found find(Mapping mapping, String path) throws IOException {
		Found found = findAsIs(mapping, path);
		String versioned = (found.file() == null && mapping.versions() != null) ? mapping.versions().apply(path) : null;
		return (versioned != null && !versioned.equals(path)) ? findAsIs(mapping, versioned) : found;
	}

	private static Found findAsIs(Mapping mapping, String path) throws IOException {
		String contentType = FileContentTypes.of(path.substring(path.lastIndexOf('/') + 1));
		for (StaticLocation location : mapping.locations()) {
			FileBody plain = location.find(path, contentType);
			if (plain != null) {
				return withVariants(location, path, contentType, plain);
			}
		}
		return Found.NOTHING;
	}

	private static Found withVariants(StaticLocation location, String path, String contentType, FileBody plain)
			throws IOException {
		Map<String, FileBody> variants = new LinkedHashMap<>();
		for (String[] variant : VARIANTS) {
			FileBody encoded = location.find(path + variant[1], contentType);
			if (encoded != null) {
				variants.put(variant[0], encoded.encoded(variant[0]).varying());
			}
		}
		if (variants.isEmpty()) {
			return new Found(plain, null, Map.of());
		}
		return new Found(plain.varying(), ContentCodings.of(variants.keySet().toArray(String[]::new)),
				Map.copyOf(variants));
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

	/**
	 * What static resources keep of the lookups of paths.
	 *
	 * @param ttl how long what a lookup found is trusted: zero keeps nothing
	 * @param maxFileSize the longest file whose content is held in memory
	 * @param maxSize the most memory the lookups kept may take, with the contents they
	 * hold
	 */
	public record Lookups(Duration ttl, long maxFileSize, long maxSize) {

	}

	/**
	 * A lookup of a request's path.
	 *
	 * @param path the request's path
	 * @param page whether the request asks for a page, which a single-page app answers
	 * with its {@code index.html} when no file has the path
	 */
	private record Lookup(String path, boolean page) {

	}

	/**
	 * What a lookup found: a file and its precompressed variants, or nothing.
	 *
	 * @param file the file, or {@code null} for none
	 * @param codings the content codings of its variants, or {@code null} for none
	 * @param variants its variants, in the order of their codings
	 */
	private record Found(FileBody file, ContentCodings codings, Map<String, FileBody> variants) {

		static final Found NOTHING = new Found(null, null, Map.of());

		/**
		 * The file or the variant the client accepts best by its {@code Accept-Encoding}.
		 */
		FileBody choose(List<String> acceptEncoding) {
			String coding = (this.codings != null) ? this.codings.choose(acceptEncoding) : null;
			return (coding != null) ? this.variants.get(coding) : this.file;
		}

		/**
		 * What was found, with the content of each file no longer than {@code maxLength}
		 * held in memory; blocks.
		 */
		Found inMemoryUpTo(long maxLength) throws IOException {
			if (this.file == null || maxLength == 0) {
				return this;
			}
			Map<String, FileBody> variants = new LinkedHashMap<>();
			for (Map.Entry<String, FileBody> variant : this.variants.entrySet()) {
				variants.put(variant.getKey(), inMemoryUpTo(variant.getValue(), maxLength));
			}
			return new Found(inMemoryUpTo(this.file, maxLength), this.codings, Map.copyOf(variants));
		}

		private static FileBody inMemoryUpTo(FileBody file, long maxLength) throws IOException {
			return (file.length() >= 0 && file.length() <= maxLength) ? file.inMemory() : file;
		}

		/** The bytes of content held in memory. */
		long bytesInMemory() {
			long bytes = 0;
			if (this.file != null && this.file.isInMemory()) {
				bytes += this.file.length();
			}
			for (FileBody variant : this.variants.values()) {
				if (variant.isInMemory()) {
					bytes += variant.length();
				}
			}
			return bytes;
		}

		/** Whether the file and its variants are all still as they were found; blocks. */
		boolean isCurrent() throws IOException {
			if (this.file != null && !this.file.isCurrent()) {
				return false;
			}
			for (FileBody variant : this.variants.values()) {
				if (!variant.isCurrent()) {
					return false;
				}
			}
			return true;
		}

	}

}
