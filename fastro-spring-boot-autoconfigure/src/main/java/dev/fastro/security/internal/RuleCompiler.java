package dev.fastro.security.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import dev.fastro.http.Route;
import dev.fastro.router.internal.MalformedPathException;
import dev.fastro.router.internal.PatternCoverage;
import dev.fastro.router.internal.PatternCoverage.Coverage;
import dev.fastro.router.internal.Router;
import dev.fastro.security.SecurityRules;
import dev.fastro.security.SecurityRules.Rule;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Decides which rule applies to each route, once, at start-up, comparing the rule's
 * patterns with the route's segment by segment; and which applies to a request that
 * matches no route, matching its path with a router of the rule's own patterns, so that
 * rules and routes read paths alike. Endpoint rules are {@link EndpointRules}'.
 */
final class RuleCompiler {

	private static final Log logger = LogFactory.getLog(RuleCompiler.class);

	/** The method under which a rule's patterns are routed: its own is checked apart. */
	private static final String ANY_METHOD = "*";

	private final List<Rule> rules;

	private final boolean ignoreTrailingSlash;

	/** Each route rule's patterns as a router, for requests that match no route. */
	private final List<Router<Rule>> matchers = new ArrayList<>();

	/** The route rules that decided for at least one route. */
	private final Set<Rule> used = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

	RuleCompiler(SecurityRules rules, boolean ignoreTrailingSlash) {
		this.rules = rules.rules();
		this.ignoreTrailingSlash = ignoreTrailingSlash;
		for (Rule rule : this.rules) {
			Router.Builder<Rule> matcher = Router.<Rule>builder().ignoreTrailingSlash(ignoreTrailingSlash);
			rule.patterns().forEach((pattern) -> matcher.add(ANY_METHOD, pattern, rule));
			this.matchers.add(matcher.build());
		}
	}

	/**
	 * The rule of a route: the first that matches all of its paths.
	 * @return the rule, or {@code null} when none does (and there is no
	 * {@code anyRoute()})
	 * @throws IllegalStateException when a rule before it matches only part of them
	 */
	Rule ruleFor(Route route) {
		for (int i = 0; i < this.rules.size(); i++) {
			Rule rule = this.rules.get(i);
			if (rule.isAnyRoute()) {
				return rule;
			}
			if (rule.isEndpointRule()) {
				continue;
			}
			if (rule.method() != null && !rule.method().equals(route.method())) {
				continue;
			}
			Coverage coverage = coverage(rule, route);
			if (coverage == Coverage.FULL) {
				this.used.add(rule);
				return rule;
			}
			if (coverage == Coverage.PARTIAL) {
				throw new IllegalStateException(
						"Security rule #" + (i + 1) + " " + rule + " matches only part of route " + route
								+ ": write a rule for the whole route, or split the route");
			}
		}
		return null;
	}

	private Coverage coverage(Rule rule, Route route) {
		Coverage best = Coverage.NONE;
		for (String pattern : rule.patterns()) {
			Coverage coverage = PatternCoverage.of(pattern, route.pattern(), this.ignoreTrailingSlash);
			best = (coverage.compareTo(best) > 0) ? coverage : best;
		}
		return best;
	}

	/**
	 * The rule of a request that matches no route: the first that matches its method and
	 * path.
	 * @return the rule, or {@code null} when none does
	 */
	Rule ruleFor(String method, String path) {
		for (int i = 0; i < this.rules.size(); i++) {
			Rule rule = this.rules.get(i);
			if (rule.isAnyRoute()) {
				return rule;
			}
			if (!rule.isEndpointRule() && appliesTo(rule, method) && matches(this.matchers.get(i), path)) {
				return rule;
			}
		}
		return null;
	}

	/** Whether a rule is for a method; {@code HEAD} is served as {@code GET}. */
	private static boolean appliesTo(Rule rule, String method) {
		return rule.method() == null || rule.method().equals(method)
				|| (method.equals("HEAD") && rule.method().equals("GET"));
	}

	private static boolean matches(Router<Rule> matcher, String path) {
		try {
			return matcher.find(ANY_METHOD, path) != null;
		}
		catch (MalformedPathException ex) {
			// Answered 400 by the dispatcher, once a rule lets it through.
			return false;
		}
	}

	/**
	 * Logs the route rules that decided for no route: they decide only requests that
	 * match no route, such as static files, which may be what they are for, or they are a
	 * mistake (a route that is not there, or an earlier rule that takes each route they
	 * match). Routes may be left out on purpose, by a condition or a test slice, so
	 * start-up goes on.
	 */
	void reportUnusedRules() {
		for (int i = 0; i < this.rules.size(); i++) {
			Rule rule = this.rules.get(i);
			if (!rule.isAnyRoute() && !rule.isEndpointRule() && !this.used.contains(rule)) {
				logger.info("Security rule #" + (i + 1) + " " + rule + " decides for no route, only for requests "
						+ "that match none: no route matches it, or an earlier rule decides for each route it matches");
			}
		}
	}

}
