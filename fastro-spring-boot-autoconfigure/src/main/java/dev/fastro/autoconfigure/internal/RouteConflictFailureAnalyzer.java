package dev.fastro.autoconfigure.internal;

import dev.fastro.router.internal.Route;
import dev.fastro.router.internal.RouteConflictException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Analyzes a {@link RouteConflictException}: names both routes and the {@code Routes}
 * beans that declared them.
 */
class RouteConflictFailureAnalyzer extends AbstractFailureAnalyzer<RouteConflictException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RouteConflictException cause) {
		String description = "Two Fastro routes match the same paths:\n\n" + line(cause.first(), cause.firstOrigin())
				+ "\n" + line(cause.second(), cause.secondOrigin());
		String action = "Remove one of the two routes, or change one of the patterns so that they differ by more "
				+ "than the names of their parameters (and, with fastro.router.ignore-trailing-slash=true, by more "
				+ "than a trailing slash).";
		return new FailureAnalysis(description, action, cause);
	}

	private static String line(Route<?> route, String origin) {
		return "    " + route.method() + " " + route.pattern() + Origins.of(origin);
	}

}
