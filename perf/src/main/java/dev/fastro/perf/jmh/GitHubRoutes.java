package dev.fastro.perf.jmh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The route table of the router micro-benchmarks, modelled on the GitHub REST API, and
 * the requests looked up in it.
 */
public final class GitHubRoutes {

	/**
	 * One route.
	 *
	 * @param method the HTTP method
	 * @param pattern the pattern with {@code {name}} segments and an optional final
	 * {@code {*name}}
	 */
	public record Route(String method, String pattern) {
	}

	/** The requests by benchmark parameter: each a {@code GET} of this path. */
	public static final Map<String, String> REQUESTS = Map.of("static", "/user/repos", "one-param",
			"/users/octocat/repos", "two-params", "/repos/spring-projects/spring-boot/issues", "catch-all",
			"/repos/spring-projects/spring-boot/contents/src/main/java/org/example/Application.java", "miss",
			"/repos/spring-projects/spring-boot/nothing-here");

	private GitHubRoutes() {
	}

	/**
	 * Reads the table, in the order of the GitHub documentation.
	 * @return the routes
	 */
	public static List<Route> load() {
		try (InputStream in = GitHubRoutes.class.getResourceAsStream("github-api-routes.txt");
				BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
			List<Route> routes = new ArrayList<>();
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				if (!line.isBlank() && !line.startsWith("#")) {
					int space = line.indexOf(' ');
					routes.add(new Route(line.substring(0, space), line.substring(space + 1).trim()));
				}
			}
			return List.copyOf(routes);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
