package dev.fastro.security;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.fastro.http.Context;

import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationManagerFactory;
import org.springframework.util.Assert;

/**
 * Which requests need which authority, written with Fastro's route patterns and decided
 * once per route at start-up:
 *
 * <pre>{@code
 * &#64;Bean
 * SecurityRules securityRules() {
 *     return SecurityRules.builder()
 *         .group("/admin").hasRole("ADMIN")
 *         .route("GET", "/reports/{id}").hasScope("reports:read")
 *         .route("/public/*").permitAll()
 *         .endpoint("info").permitAll()
 *         .anyRoute().authenticated()
 *         .build();
 * }
 * }</pre>
 *
 * The first rule, in declaration order, that matches all of a route's paths decides for
 * that route. A rule that matches only part of a route's paths (such as
 * {@code /files/secret} against the route {@code /files/{name}}) fails start-up, and so
 * does a route rule that matches no route at all: a rule and a route cannot disagree
 * about what a path is. Requests that match no route (404, 405, static files) are decided
 * by the first rule that matches their path, in the same order. Without a
 * {@code SecurityRules} bean, every request must be authenticated.
 * <p>
 * Actuator's endpoints are decided by endpoint rules only, which name them by id as
 * Spring Boot's {@code EndpointRequest} does, so that no route rule opens them by
 * accident. After the application's endpoint rules come the defaults:
 * {@code endpoint("health").permitAll()}, its groups and probes included, and
 * {@code anyEndpoint().hasRole(..)} with the role of
 * {@code fastro.security.actuator.role}, the links page included.
 */
public final class SecurityRules {

	private final List<Rule> rules;

	private SecurityRules(List<Rule> rules) {
		this.rules = List.copyOf(rules);
	}

	/**
	 * A builder of rules.
	 * @return a builder without rules
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * The rules that apply without a {@code SecurityRules} bean: every request must be
	 * authenticated.
	 * @return {@code anyRoute().authenticated()}
	 */
	public static SecurityRules authenticated() {
		return builder().anyRoute().authenticated().build();
	}

	/**
	 * The rules, in declaration order.
	 * @return the rules
	 */
	public List<Rule> rules() {
		return this.rules;
	}

	@Override
	public String toString() {
		return this.rules.stream().map(Rule::toString).collect(Collectors.joining(", "));
	}

	/**
	 * Collects rules in order; {@link #anyRoute()}, when given, comes last.
	 */
	public static final class Builder {

		private final List<Rule> rules = new ArrayList<>();

		/** The target of the rule whose access is not given yet. */
		private Target pending;

		private Builder() {
		}

		/**
		 * A rule for the routes of a pattern, whatever their method.
		 * @param pattern a route pattern, such as {@code /users/{id}} or {@code /files/*}
		 * @return the choice of access
		 */
		public Access route(String pattern) {
			return target(new Target(null, List.of(checked(pattern)), null, "route(\"" + pattern + "\")"));
		}

		/**
		 * A rule for the routes of a method and pattern.
		 * @param method the HTTP method, such as {@code GET}
		 * @param pattern a route pattern, such as {@code /users/{id}}
		 * @return the choice of access
		 */
		public Access route(String method, String pattern) {
			Assert.hasText(method, "method must not be empty");
			return target(new Target(method.toUpperCase(Locale.ROOT), List.of(checked(pattern)), null,
					"route(\"" + method + "\", \"" + pattern + "\")"));
		}

		/**
		 * A rule for a path and every route under it: {@code group("/admin")} is
		 * {@code /admin} and {@code /admin/*}.
		 * @param prefix the path, such as {@code /admin}
		 * @return the choice of access
		 */
		public Access group(String prefix) {
			String path = checked(prefix);
			String base = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
			List<String> patterns = base.isEmpty() ? List.of("/*") : List.of(base, base + "/*");
			return target(new Target(null, patterns, null, "group(\"" + prefix + "\")"));
		}

		/**
		 * The rule for every route and request no earlier rule decides; it comes last, as
		 * Spring Security's {@code anyRequest()} does.
		 * @return the choice of access
		 */
		public Access anyRoute() {
			return target(new Target(null, List.of(), null, "anyRoute()"));
		}

		/**
		 * A rule for Actuator endpoints, by id, as Spring Boot's
		 * {@code EndpointRequest.to(..)} matches them: each endpoint's path and every
		 * path under it, wherever {@code management.*} serves it. An id that is not
		 * exposed over HTTP is only logged, since exposure is configuration.
		 * @param ids the ids, such as {@code info} or {@code prometheus}
		 * @return the choice of access
		 */
		public Access endpoint(String... ids) {
			Assert.notEmpty(ids, "endpoint(..) needs at least one endpoint id");
			for (String id : ids) {
				Assert.hasText(id, "An endpoint id must not be empty");
			}
			return target(new Target(null, List.of(), List.of(ids), "endpoint(" + Access.quoted(ids) + ")"));
		}

		/**
		 * The rule for every Actuator endpoint, and the page of their links, that no
		 * earlier endpoint rule decides, as Spring Boot's
		 * {@code EndpointRequest.toAnyEndpoint()} matches them.
		 * @return the choice of access
		 */
		public Access anyEndpoint() {
			return target(new Target(null, List.of(), List.of(), "anyEndpoint()"));
		}

		/**
		 * The rules.
		 * @return the rules, in declaration order
		 * @throws IllegalStateException when the last rule has no access
		 */
		public SecurityRules build() {
			requireNoPending();
			return new SecurityRules(this.rules);
		}

		private Access target(Target target) {
			requireNoPending();
			if (!this.rules.isEmpty() && this.rules.get(this.rules.size() - 1).isAnyRoute()) {
				throw new IllegalStateException(target.description + " comes after anyRoute(), which must be last");
			}
			if (target.endpoints != null && this.rules.stream().anyMatch(Rule::isAnyEndpoint)) {
				throw new IllegalStateException(
						target.description + " comes after anyEndpoint(), which must be the last endpoint rule");
			}
			this.pending = target;
			return new Access(this);
		}

		private void requireNoPending() {
			if (this.pending != null) {
				throw new IllegalStateException(this.pending.description
						+ " has no access: follow it with permitAll(), authenticated(), hasRole(..) or another");
			}
		}

		private Builder add(Requirement requirement) {
			Target target = this.pending;
			this.pending = null;
			this.rules.add(new Rule(target.method, target.patterns, target.endpoints, target.description, requirement));
			return this;
		}

		private static String checked(String pattern) {
			Assert.isTrue(pattern != null && pattern.startsWith("/"),
					() -> "A rule's pattern must start with '/', not '" + pattern + "'");
			if (pattern.contains("**")) {
				throw new IllegalArgumentException("'" + pattern + "' is no route pattern: use group(\""
						+ pattern.substring(0, pattern.indexOf("**")).replaceAll("/+$", "")
						+ "\") for a path and everything under it");
			}
			return pattern;
		}

	}

	/**
	 * The access a rule gives to what it matches.
	 */
	public static final class Access {

		private final Builder builder;

		private Access(Builder builder) {
			this.builder = builder;
		}

		/** Anyone, authenticated or not; a request's bearer token is still checked. */
		public Builder permitAll() {
			return this.builder
				.add(new Requirement("permitAll()", false, null, AuthorizationManagerFactory::permitAll));
		}

		/** Nobody. */
		public Builder denyAll() {
			return this.builder.add(new Requirement("denyAll()", false, null, AuthorizationManagerFactory::denyAll));
		}

		/** Anyone authenticated. */
		public Builder authenticated() {
			return this.builder
				.add(new Requirement("authenticated()", true, null, AuthorizationManagerFactory::authenticated));
		}

		/**
		 * Anyone with a role: the authority of the role prefix ({@code ROLE_}) and the
		 * role.
		 * @param role the role, such as {@code ADMIN}
		 * @return the builder
		 */
		public Builder hasRole(String role) {
			return this.builder
				.add(new Requirement("hasRole(\"" + role + "\")", true, null, (factory) -> factory.hasRole(role)));
		}

		/**
		 * Anyone with one of the roles.
		 * @param roles the roles, such as {@code ADMIN}
		 * @return the builder
		 */
		public Builder hasAnyRole(String... roles) {
			return this.builder.add(new Requirement("hasAnyRole(" + quoted(roles) + ")", true, null,
					(factory) -> factory.hasAnyRole(roles)));
		}

		/**
		 * Anyone with an authority.
		 * @param authority the authority, such as {@code SCOPE_read}
		 * @return the builder
		 */
		public Builder hasAuthority(String authority) {
			return this.builder.add(new Requirement("hasAuthority(\"" + authority + "\")", true, null,
					(factory) -> factory.hasAuthority(authority)));
		}

		/**
		 * Anyone whose token was granted a scope: the authority {@code SCOPE_} and the
		 * scope, as Spring Security converts a JWT's {@code scope} claim. A token without
		 * it is refused with a 403 whose {@code WWW-Authenticate} names the scope (RFC
		 * 6750, 3.1).
		 * @param scope the scope, such as {@code reports:read}
		 * @return the builder
		 */
		public Builder hasScope(String scope) {
			return this.builder.add(new Requirement("hasScope(\"" + scope + "\")", true, scope,
					(factory) -> factory.hasAuthority("SCOPE_" + scope)));
		}

		/**
		 * Whoever an authorization manager of the application grants.
		 * @param manager the manager, given the request's authentication and context
		 * @return the builder
		 */
		public Builder access(AuthorizationManager<Context> manager) {
			Assert.notNull(manager, "manager must not be null");
			// A lambda's toString() would say nothing to whoever reads a failure.
			return this.builder.add(new Requirement("access(..)", true, null, (factory) -> manager));
		}

		private static String quoted(String... values) {
			return Arrays.stream(values).map((value) -> "\"" + value + "\"").collect(Collectors.joining(", "));
		}

	}

	/**
	 * One rule: what it matches and the access it gives.
	 */
	public static final class Rule {

		private final String method;

		private final List<String> patterns;

		private final List<String> endpoints;

		private final String target;

		private final Requirement requirement;

		private Rule(String method, List<String> patterns, List<String> endpoints, String target,
				Requirement requirement) {
			this.method = method;
			this.patterns = patterns;
			this.endpoints = endpoints;
			this.target = target;
			this.requirement = requirement;
		}

		/**
		 * The method the rule is for.
		 * @return the method, or {@code null} for any
		 */
		public String method() {
			return this.method;
		}

		/**
		 * The route patterns the rule matches; a group has two.
		 * @return the patterns, empty for {@code anyRoute()} and endpoint rules
		 */
		public List<String> patterns() {
			return this.patterns;
		}

		/**
		 * Whether this is the rule of {@code anyRoute()}.
		 * @return whether it matches everything
		 */
		public boolean isAnyRoute() {
			return this.patterns.isEmpty() && this.endpoints == null;
		}

		/**
		 * The ids of the Actuator endpoints the rule is for.
		 * @return the ids, empty for {@code anyEndpoint()}, or {@code null} for a rule of
		 * routes
		 */
		public List<String> endpoints() {
			return this.endpoints;
		}

		/**
		 * Whether this is a rule of Actuator endpoints rather than of routes.
		 * @return whether it was written with {@code endpoint(..)} or
		 * {@code anyEndpoint()}
		 */
		public boolean isEndpointRule() {
			return this.endpoints != null;
		}

		/**
		 * Whether this is the rule of {@code anyEndpoint()}.
		 * @return whether it matches every endpoint and the links page
		 */
		public boolean isAnyEndpoint() {
			return this.endpoints != null && this.endpoints.isEmpty();
		}

		/**
		 * Whether the access needs an authenticated request: false for
		 * {@code permitAll()} and {@code denyAll()}.
		 * @return whether it needs authentication
		 */
		public boolean requiresAuthentication() {
			return this.requirement.authenticates;
		}

		/**
		 * The scope the rule requires.
		 * @return the scope of {@code hasScope(..)}, else {@code null}
		 */
		public String scope() {
			return this.requirement.scope;
		}

		/**
		 * The authorization manager that decides the rule.
		 * @param factory the application's factory of authorization managers
		 * @return the manager
		 */
		public AuthorizationManager<Context> manager(AuthorizationManagerFactory<Context> factory) {
			return this.requirement.manager.apply(factory);
		}

		@Override
		public String toString() {
			return this.target + "." + this.requirement.description;
		}

	}

	private record Target(String method, List<String> patterns, List<String> endpoints, String description) {
	}

	private record Requirement(String description, boolean authenticates, String scope,
			Function<AuthorizationManagerFactory<Context>, AuthorizationManager<Context>> manager) {
	}

}
