package dev.fastro.autoconfigure.internal;

import java.util.function.UnaryOperator;

import org.webjars.WebJarVersionLocator;

/**
 * The versioned path of a WebJar's resource, as webjars-locator-lite finds it, so that
 * {@code /webjars/jquery/jquery.min.js} serves {@code jquery/3.7.1/jquery.min.js} and a
 * page keeps its links when the WebJar is upgraded, as with Spring Boot's own resource
 * handling. Only made when the locator is on the class path.
 */
final class WebJarVersions implements UnaryOperator<String> {

	static final String LOCATOR = "org.webjars.WebJarVersionLocator";

	private final WebJarVersionLocator locator = new WebJarVersionLocator();

	/**
	 * The path with the WebJar's version after its name, or {@code null} when the path
	 * names no WebJar the locator knows.
	 * @param path a resource's path under the WebJars location: {@code name/file...}
	 */
	@Override
	public String apply(String path) {
		int slash = path.indexOf('/');
		return (slash > 0) ? this.locator.path(path.substring(0, slash), path.substring(slash + 1)) : null;
	}

}
