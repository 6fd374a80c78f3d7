package dev.fastro.autoconfigure.internal;

import dev.fastro.router.internal.RoutePatternException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Analyzes a {@link RoutePatternException}: shows the malformed pattern, where it was
 * declared and where in it the problem is, and how patterns are written.
 */
class RoutePatternFailureAnalyzer extends AbstractFailureAnalyzer<RoutePatternException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RoutePatternException cause) {
		String description = "The Fastro route pattern '" + cause.pattern() + "'" + Origins.of(cause.origin())
				+ " is malformed at position " + cause.position() + ": " + cause.problem() + ".\n\n    "
				+ cause.pattern() + "\n    " + " ".repeat(cause.position()) + "^";
		String action = "Fix the pattern. A pattern starts with '/' and is made of static segments, {name} or :name "
				+ "for one segment, {name:regex} for a segment matching a regex, and a final * or {*name} for the "
				+ "rest of the path.";
		return new FailureAnalysis(description, action, cause);
	}

}
