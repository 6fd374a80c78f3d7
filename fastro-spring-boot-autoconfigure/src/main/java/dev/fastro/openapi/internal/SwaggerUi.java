package dev.fastro.openapi.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;

/**
 * Swagger UI, from the files of its WebJar ({@code org.webjars:swagger-ui}): its page
 * redirects to the UI's {@code index.html} in a folder of the same name (as springdoc's
 * {@code /swagger-ui.html} does), whose {@code swagger-initializer.js} is Fastro's own,
 * pointing the UI at the document. The redirect and the document's URL are relative, so
 * that the UI finds them behind a proxy that serves the application under a prefix.
 */
public final class SwaggerUi {

	/** The WebJar's Maven coordinates: where its version is, and a sign it is there. */
	public static final String WEBJAR = "META-INF/maven/org.webjars/swagger-ui/pom.properties";

	private static final String INITIALIZER = "swagger-initializer.js";

	private final String page;

	private final String folder;

	private final String location;

	private final ClassLoader classLoader;

	private final byte[] initializer;

	/**
	 * The UI at {@code page}, showing the document at {@code documentPath}.
	 * @param page the path of the UI's page, such as {@code /swagger-ui.html}
	 * @param documentPath the path of the JSON document
	 * @param classLoader the class loader that has the WebJar
	 */
	public SwaggerUi(String page, String documentPath, ClassLoader classLoader) {
		this.page = page;
		int dot = page.lastIndexOf('.');
		this.folder = (dot > page.lastIndexOf('/')) ? page.substring(0, dot) : page;
		this.location = "META-INF/resources/webjars/swagger-ui/" + version(classLoader) + "/";
		this.classLoader = classLoader;
		this.initializer = initializer(relative(this.folder + "/", documentPath)).getBytes(StandardCharsets.UTF_8);
	}

	/** The routes of the page, its initializer and the WebJar's other files. */
	public Routes routes() {
		// Relative to the page, so that the redirect keeps a proxy's prefix.
		String index = this.folder.substring(this.folder.lastIndexOf('/') + 1) + "/index.html";
		return Routes.builder()
			.get(this.page, (ctx) -> Response.status(302).header("location", index))
			.get(this.folder + "/" + INITIALIZER,
					(ctx) -> Response.ok(this.initializer).contentType("text/javascript; charset=utf-8"))
			.get(this.folder + "/{file}", (ctx) -> file(ctx.param("file")))
			.build();
	}

	private Resource file(String name) {
		// One file of the WebJar's folder, never a path out of it.
		if (name.startsWith(".") || name.contains("/") || name.contains("\\")) {
			throw new HttpException(404, null);
		}
		Resource file = new ClassPathResource(this.location + name, this.classLoader);
		if (!file.exists()) {
			throw new HttpException(404, null);
		}
		return file;
	}

	private static String version(ClassLoader classLoader) {
		try (InputStream in = classLoader.getResourceAsStream(WEBJAR)) {
			if (in == null) {
				throw new IllegalStateException("Swagger UI's WebJar has no " + WEBJAR);
			}
			Properties coordinates = new Properties();
			coordinates.load(in);
			return coordinates.getProperty("version");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The URL of {@code path} relative to the folder {@code from}, which ends in '/'. */
	static String relative(String from, String path) {
		int common = 0;
		for (int i = 0; i < Math.min(from.length(), path.length()); i++) {
			if (from.charAt(i) != path.charAt(i)) {
				break;
			}
			if (from.charAt(i) == '/') {
				common = i + 1;
			}
		}
		StringBuilder relative = new StringBuilder();
		for (int i = common; i < from.length(); i++) {
			if (from.charAt(i) == '/') {
				relative.append("../");
			}
		}
		String rest = path.substring(common);
		return (relative.isEmpty() && rest.isEmpty()) ? "./" : relative.append(rest).toString();
	}

	private static String initializer(String documentUrl) {
		// The URL as a JSON string, which JavaScript reads as the same string.
		String url = JsonMapper.builder().build().writeValueAsString(documentUrl);
		return """
				window.onload = function() {
				  window.ui = SwaggerUIBundle({
				    url: %s,
				    dom_id: '#swagger-ui',
				    deepLinking: true,
				    presets: [
				      SwaggerUIBundle.presets.apis,
				      SwaggerUIStandalonePreset
				    ],
				    plugins: [
				      SwaggerUIBundle.plugins.DownloadUrl
				    ],
				    layout: "StandaloneLayout"
				  });
				};
				""".formatted(url);
	}

}
