package dev.fastro.test.manifest;

import java.util.List;

import dev.fastro.http.Route;
import dev.fastro.http.Routes;
import dev.fastro.manifest.RouteManifest;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ApplicationContext;

/**
 * The manifest of the application a test runs.
 */
public final class RouteManifests {

	private RouteManifests() {
	}

	/**
	 * The manifest of every {@link Routes} bean of {@code context}, its JSON bodies
	 * shaped by the context's {@link JsonMapper} as Fastro writes them.
	 * @param context the application's context, such as the one a {@code @SpringBootTest}
	 * or {@code @FastroTest} injects
	 * @return the manifest
	 */
	public static RouteManifest of(ApplicationContext context) {
		List<Route> routes = context.getBeanProvider(Routes.class)
			.orderedStream()
			.flatMap((bean) -> bean.routes().stream())
			.toList();
		JsonMapper json = context.getBeanProvider(JsonMapper.class).getIfAvailable(() -> JsonMapper.builder().build());
		return RouteManifest.of(routes, json);
	}

}
