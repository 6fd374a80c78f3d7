package dev.fastro.security.internal;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;
import dev.fastro.http.Route;
import dev.fastro.http.spi.RouteScopedMiddleware;
import dev.fastro.security.SecurityRules;
import dev.fastro.security.SecurityRules.Rule;
import reactor.core.scheduler.Scheduler;

import org.springframework.security.authorization.AuthorizationManagerFactory;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

/**
 * Fastro's security as a global middleware, decided per route at start-up: each route's
 * chain gets a {@link RouteSecurity} with the manager of its rule, requests that match no
 * route are decided by their path, and CORS preflights pass untouched. The routes and
 * paths of Actuator's endpoints are decided by the endpoint rules only.
 */
public final class SecurityMiddleware implements RouteScopedMiddleware {

	private final RuleCompiler compiler;

	private final EndpointRules endpointRules;

	private final AuthorizationManagerFactory<Context> managers;

	private final Authenticators authenticators;

	private final Scheduler blockingScheduler;

	private final SecurityContextScope contextScope;

	/** Each rule's security for requests that match no route, made once. */
	private final Map<Rule, RouteSecurity> unrouted = new IdentityHashMap<>();

	/** The security of requests no rule decides: none is allowed. */
	private final RouteSecurity undecided;

	/**
	 * Creates the middleware.
	 * @param rules the rules
	 * @param ignoreTrailingSlash whether the router ignores a trailing slash, as rules
	 * then do
	 * @param managers the factory of the rules' authorization managers
	 * @param authenticators the authenticators of the schemes taken, none when requests
	 * are never authenticated
	 * @param blockingScheduler where authentication that may block runs
	 * @param contextHolder where method security reads the authentication
	 * @param endpointPaths where Actuator's endpoints are served
	 * @param actuatorRole the role the endpoints other than health need, unless an
	 * endpoint rule of the application decides otherwise
	 * @throws IllegalStateException when rules need authentication but there is no
	 * authenticator
	 */
	public SecurityMiddleware(SecurityRules rules, boolean ignoreTrailingSlash,
			AuthorizationManagerFactory<Context> managers, List<Authenticator> authenticators,
			Scheduler blockingScheduler, SecurityContextHolderStrategy contextHolder, EndpointPaths endpointPaths,
			String actuatorRole) {
		this.compiler = new RuleCompiler(rules, ignoreTrailingSlash);
		this.endpointRules = new EndpointRules(rules, actuatorRole, endpointPaths);
		this.managers = managers;
		this.authenticators = new Authenticators(authenticators);
		this.blockingScheduler = blockingScheduler;
		this.contextScope = new SecurityContextScope(contextHolder);
		List<Rule> list = rules.rules();
		if (this.authenticators.isEmpty()) {
			list.stream().filter(Rule::requiresAuthentication).findFirst().ifPresent((rule) -> {
				throw new IllegalStateException("Security rule " + rule
						+ " needs an authenticated request, but nothing authenticates one: set "
						+ "spring.security.oauth2.resourceserver.jwt.jwk-set-uri, issuer-uri or public-key-location, "
						+ "or spring.security.oauth2.resourceserver.opaquetoken.introspection-uri, "
						+ "declare a JwtDecoder bean, set fastro.security.basic.enabled=true, "
						+ "or set fastro.security.enabled=false");
			});
		}
		for (Rule rule : list) {
			this.unrouted.put(rule, security(rule, false));
		}
		for (Rule rule : this.endpointRules.rules()) {
			this.unrouted.putIfAbsent(rule, security(rule, false));
		}
		this.undecided = new RouteSecurity(this.managers.denyAll(), null, this.authenticators, false, blockingScheduler,
				this.contextScope);
	}

	@Override
	public Middleware forRoute(Route route) {
		Rule endpointRule = this.endpointRules.ruleFor(route.pattern());
		Rule rule = (endpointRule != null) ? endpointRule : this.compiler.ruleFor(route);
		if (rule == null) {
			throw new IllegalStateException("No security rule decides for route " + route
					+ ": add a rule for it, or end the rules with anyRoute()");
		}
		return security(rule, route.blocking());
	}

	@Override
	public Middleware forNoRoute() {
		return this::handle;
	}

	/**
	 * Decides a request by the first rule that matches its method and path: for requests
	 * that match no route, and wherever this middleware runs unscoped.
	 */
	@Override
	public Object handle(Context ctx, Handler next) throws Exception {
		Rule endpointRule = this.endpointRules.ruleFor(ctx.path());
		Rule rule = (endpointRule != null) ? endpointRule : this.compiler.ruleFor(ctx.method(), ctx.path());
		RouteSecurity security = (rule != null) ? this.unrouted.get(rule) : this.undecided;
		return security.handle(ctx, next);
	}

	/**
	 * Logs the route rules that decided for no route, once the routes are composed.
	 */
	public void reportUnusedRules() {
		this.compiler.reportUnusedRules();
	}

	/**
	 * The security of a rule; a blocking route is already off the event loop, so it
	 * authenticates where it runs.
	 */
	private RouteSecurity security(Rule rule, boolean blocking) {
		return new RouteSecurity(rule.manager(this.managers), rule.scope(), this.authenticators, blocking,
				this.blockingScheduler, this.contextScope);
	}

}
