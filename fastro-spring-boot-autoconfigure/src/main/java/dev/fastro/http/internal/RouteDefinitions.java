package dev.fastro.http.internal;

import java.util.List;
import java.util.function.Function;

import dev.fastro.http.Routes;

/**
 * The routes a {@link Routes} declares. {@code Routes} keeps them from its public API, so
 * that {@link RouteDefinition} is no part of it; since Java grants another package
 * nothing short of {@code public}, {@code Routes} hands this class a reader of its
 * definitions as its class is initialized, which is before any {@code Routes} exists.
 */
public final class RouteDefinitions {

	private static volatile Function<Routes, List<RouteDefinition>> reader;

	private RouteDefinitions() {
	}

	/**
	 * Sets how to read the definitions of a {@link Routes}; called once, by
	 * {@code Routes} itself.
	 * @throws IllegalStateException when a reader is set already
	 */
	public static void readWith(Function<Routes, List<RouteDefinition>> routesReader) {
		if (reader != null) {
			throw new IllegalStateException("The reader of Routes is set already");
		}
		reader = routesReader;
	}

	/** The routes {@code routes} declares, in declaration order. */
	public static List<RouteDefinition> of(Routes routes) {
		return reader.apply(routes);
	}

}
