package dev.fastro.security.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.fastro.security.SecurityRules;
import dev.fastro.security.SecurityRules.Rule;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Decides which endpoint rule applies to the routes and requests of Actuator's endpoints,
 * by endpoint id as Spring Boot's {@code EndpointRequest} does: the application's
 * endpoint rules in order, then the defaults, {@code health} open and every other
 * endpoint, and the links page, for a role. Route rules never decide for them, so that
 * none opens an endpoint by accident.
 */
final class EndpointRules {

	private static final Log logger = LogFactory.getLog(EndpointRules.class);

	private final List<Rule> rules = new ArrayList<>();

	private final EndpointPaths paths;

	EndpointRules(SecurityRules rules, String actuatorRole, EndpointPaths paths) {
		this.paths = paths;
		rules.rules().stream().filter(Rule::isEndpointRule).forEach(this.rules::add);
		this.rules.addAll(SecurityRules.builder()
			.endpoint("health")
			.permitAll()
			.anyEndpoint()
			.hasRole(actuatorRole)
			.build()
			.rules());
		for (Rule rule : rules.rules()) {
			if (rule.isEndpointRule()) {
				rule.endpoints()
					.stream()
					.filter((id) -> !paths.endpoints().containsKey(lowerCase(id)))
					.forEach((id) -> logger.warn("Security rule " + rule + " names endpoint '" + id
							+ "', which is not exposed over HTTP: see management.endpoints.web.exposure.include"));
			}
		}
	}

	/**
	 * The endpoint rules, the defaults last.
	 * @return the rules
	 */
	List<Rule> rules() {
		return this.rules;
	}

	/**
	 * The rule of a path or route pattern under an endpoint or the links page.
	 * @return the rule, or {@code null} when the path is no endpoint's
	 */
	Rule ruleFor(String path) {
		String endpoint = this.paths.endpointOf(path);
		if (endpoint == null) {
			return null;
		}
		for (Rule rule : this.rules) {
			if (rule.isAnyEndpoint() || (!EndpointPaths.LINKS.equals(endpoint)
					&& rule.endpoints().stream().anyMatch((id) -> lowerCase(id).equals(endpoint)))) {
				return rule;
			}
		}
		throw new IllegalStateException("No endpoint rule decides for " + path);
	}

	private static String lowerCase(String id) {
		return id.toLowerCase(Locale.ENGLISH);
	}

}
