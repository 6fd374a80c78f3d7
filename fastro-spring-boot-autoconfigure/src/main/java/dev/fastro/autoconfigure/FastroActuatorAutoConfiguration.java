package dev.fastro.autoconfigure;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import dev.fastro.autoconfigure.internal.ActuatorRoutes;
import dev.fastro.autoconfigure.internal.ActuatorSecurityContext;
import dev.fastro.autoconfigure.internal.EndpointCors;
import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.autoconfigure.internal.ManagementPort;
import dev.fastro.autoconfigure.internal.RouteMappings;
import dev.fastro.autoconfigure.internal.SslBundleCustomizer;
import dev.fastro.http.Context;
import dev.fastro.http.ErrorHook;
import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.Middleware;
import dev.fastro.http.RequestHook;
import dev.fastro.http.ResponseHook;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.server.internal.WebSocketSettings;
import reactor.core.scheduler.Scheduler;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.jackson.JacksonEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointProperties;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.jackson.EndpointJsonMapper;
import org.springframework.boot.actuate.endpoint.web.EndpointMediaTypes;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.actuate.web.mappings.MappingsEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Actuator's web endpoints served by Fastro, when the application has Actuator: each
 * operation of Actuator's {@link WebEndpointsSupplier} is a Fastro route under
 * {@code management.endpoints.web.base-path}, so exposure, access, health groups and
 * content negotiation stay Actuator's, and {@code management.endpoints.web.cors.*} their
 * CORS. With {@code management.server.port} set to another port than Fastro's (0 for a
 * free one), a second Fastro server serves them on that port and
 * {@code management.server.address}, publishing its port as
 * {@code local.management.port}; a negative port serves them nowhere.
 */
@AutoConfiguration(
		after = { FastroAutoConfiguration.class, EndpointAutoConfiguration.class, WebEndpointAutoConfiguration.class,
				JacksonEndpointAutoConfiguration.class },
		afterName = "org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration")
@ConditionalOnClass({ WebEndpointsSupplier.class, WebEndpointProperties.class })
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@EnableConfigurationProperties(WebEndpointProperties.class)
@Import({ ActuatorEndpointsConfiguration.class, ActuatorHealthConfiguration.class })
public class FastroActuatorAutoConfiguration {

	private static final String SPRING_SECURITY_AUTHENTICATION = "org.springframework.security.core.Authentication";

	/** The bean name of the actuator routes, on whichever server serves them. */
	static final String ROUTES_BEAN = "fastroActuatorRoutes";

	/** The bean name of the management server's lifecycle. */
	static final String MANAGEMENT_SERVER_BEAN = "fastroManagementServer";

	/**
	 * The keys of {@code management.server.ssl} that Fastro's management server takes.
	 */
	private static final Set<String> MANAGEMENT_SSL_KEYS = Set.of("enabled", "bundle", "client-auth");

	@Bean
	ActuatorRoutes.EndpointBodies fastroActuatorBodies(JsonCodec json,
			ObjectProvider<EndpointJsonMapper> endpointJson) {
		EndpointJsonMapper endpoint = endpointJson.getIfAvailable();
		return new ActuatorRoutes.EndpointBodies(json.mapper(), (endpoint != null) ? endpoint.get() : json.mapper());
	}

	/** On Fastro's own port, the endpoints are routes among the application's. */
	@Bean(ROUTES_BEAN)
	@ConditionalOnMissingBean(name = ROUTES_BEAN)
	@Conditional(OnSamePort.class)
	Routes fastroActuatorRoutes(WebEndpointsSupplier endpoints, EndpointMediaTypes mediaTypes,
			WebEndpointProperties properties, ActuatorRoutes.EndpointBodies bodies, Environment environment,
			ResourceLoader resources) {
		String basePath = properties.getBasePath();
		return ActuatorRoutes.of(endpoints.getEndpoints(), basePath, mediaTypes,
				properties.getDiscovery().isEnabled() && StringUtils.hasText(basePath), WebServerNamespace.SERVER,
				bodies, securityContext(resources), EndpointCors.of(environment, resources.getClassLoader()));
	}

	/**
	 * The path the endpoints are served under:
	 * {@code management.endpoints.web.base-path}, after
	 * {@code management.server.base-path} on a port of their own.
	 */
	static String basePath(Environment environment, WebEndpointProperties properties) {
		if (ManagementPort.of(environment) != ManagementPort.DIFFERENT) {
			return properties.getBasePath();
		}
		return Binder.get(environment).bind("management.server.base-path", String.class).orElse("")
				+ properties.getBasePath();
	}

	/**
	 * What the endpoints know of a request's user, for {@code show-details:
	 * when-authorized}: its authentication by Fastro's security when Spring Security is
	 * on the class path, else nothing, as Spring Boot's own mappings tell them.
	 */
	private static Function<Context, SecurityContext> securityContext(ResourceLoader resources) {
		if (ClassUtils.isPresent(SPRING_SECURITY_AUTHENTICATION, resources.getClassLoader())) {
			return ActuatorSecurityContext::of;
		}
		return (ctx) -> SecurityContext.NONE;
	}

	/** Fastro's routes in Actuator's {@code mappings} endpoint, beside Spring's. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnAvailableEndpoint(MappingsEndpoint.class)
	static class RouteMappingsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		RouteMappings fastroRouteMappings(ObjectProvider<Dispatcher> dispatcher) {
			return new RouteMappings(dispatcher);
		}

	}

	/**
	 * On another port, the endpoints are the routes of a second Fastro server, with the
	 * application's global middleware, exception handlers, hooks and
	 * {@link FastroServerCustomizer}s and the same {@code fastro.server.*} limits.
	 */
	@Configuration(proxyBeanMethods = false)
	@Conditional(OnDifferentPort.class)
	static class ManagementServerConfiguration {

		@Bean(MANAGEMENT_SERVER_BEAN)
		@ConditionalOnMissingBean(name = MANAGEMENT_SERVER_BEAN)
		SmartLifecycle fastroManagementServer(WebEndpointsSupplier endpoints, EndpointMediaTypes mediaTypes,
				WebEndpointProperties properties, ActuatorRoutes.EndpointBodies bodies,
				FastroProperties fastroProperties, JsonCodec json, RequestLimits limits,
				ObjectProvider<Middleware> middleware, ObjectProvider<ExceptionHandler<?>> exceptionHandlers,
				ObjectProvider<RequestHook> requestHooks, ObjectProvider<ResponseHook> responseHooks,
				ObjectProvider<ErrorHook> errorHooks,
				@Qualifier(FastroAutoConfiguration.BLOCKING_SCHEDULER) Scheduler blockingScheduler,
				ObjectProvider<DispatcherWrapper> wrappers, ObjectProvider<FastroServerCustomizer> customizers,
				ObjectProvider<SslBundles> sslBundles, ConfigurableEnvironment environment,
				ApplicationEventPublisher events, ResourceLoader resources) {
			Binder binder = Binder.get(environment);
			Routes routes = ActuatorRoutes.of(endpoints.getEndpoints(), basePath(environment, properties), mediaTypes,
					properties.getDiscovery().isEnabled(), WebServerNamespace.MANAGEMENT, bodies,
					securityContext(resources), EndpointCors.of(environment, resources.getClassLoader()));
			Dispatcher dispatcher = FastroAutoConfiguration
				.dispatcher(Map.of(ROUTES_BEAN, routes), fastroProperties, json, middleware, exceptionHandlers,
						requestHooks, responseHooks, errorHooks, blockingScheduler)
				.build();
			FastroProperties.Server server = fastroProperties.getServer();
			String host = binder.bind("management.server.address", InetAddress.class)
				.map(InetAddress::getHostAddress)
				.orElse(server.getAddress());
			int port = binder.bind("management.server.port", Integer.class).get();
			// The application's customizers, but not its TLS, compression or HTTP/2:
			// those are the application's port's. Its TLS is Spring Boot's own
			// management.server.ssl.
			FastroServer managementServer = FastroServerAutoConfiguration.server(server, host, port, null,
					managementSsl(binder, sslBundles), null, WebSocketSettings.DEFAULTS, dispatcher,
					FastroServerAutoConfiguration.wrapAll(wrappers), json, limits,
					customizers.orderedStream().toList());
			return FastroServerLifecycle.management(managementServer, dispatcher,
					FastroServerAutoConfiguration.shutdownTimeout(server, environment), environment, events);
		}

	}

	/**
	 * The management server's TLS, from Spring Boot's {@code management.server.ssl} keys
	 * as Fastro takes its own: an SSL bundle and its client authentication. Boot's older
	 * keys, which name a key store or certificate directly, fail start-up rather than be
	 * ignored, which would serve the endpoints in clear text.
	 * @return the TLS customizer, or {@code null} for clear text
	 */
	private static SslBundleCustomizer managementSsl(Binder binder, ObjectProvider<SslBundles> sslBundles) {
		Map<String, Object> keys = binder.bind("management.server.ssl", Bindable.mapOf(String.class, Object.class))
			.orElse(Map.of());
		if (keys.isEmpty() || !binder.bind("management.server.ssl.enabled", Boolean.class).orElse(true)) {
			return null;
		}
		for (Map.Entry<String, Object> key : keys.entrySet()) {
			if (!MANAGEMENT_SSL_KEYS.contains(key.getKey())) {
				throw new InvalidConfigurationPropertyValueException("management.server.ssl." + key.getKey(),
						key.getValue(), "Fastro's management server takes its key material from an SSL bundle: "
								+ "set management.server.ssl.bundle to one declared under spring.ssl.bundle.");
			}
		}
		String bundle = binder.bind("management.server.ssl.bundle", String.class)
			.orElseThrow(() -> new InvalidConfigurationPropertyValueException("management.server.ssl.bundle", null,
					"TLS is enabled for the management server, but no SSL bundle is named."));
		FastroProperties.ClientAuth clientAuth = binder
			.bind("management.server.ssl.client-auth", FastroProperties.ClientAuth.class)
			.orElse(FastroProperties.ClientAuth.NONE);
		return FastroServerAutoConfiguration.ssl("management.server.ssl.bundle", bundle, clientAuth, false,
				sslBundles.getObject());
	}

	static class OnSamePort extends OnManagementPort {

		OnSamePort() {
			super(ManagementPort.SAME);
		}

	}

	static class OnDifferentPort extends OnManagementPort {

		OnDifferentPort() {
			super(ManagementPort.DIFFERENT);
		}

	}

	/** Matches where {@link ManagementPort} says the endpoints are served. */
	abstract static class OnManagementPort extends SpringBootCondition {

		private final ManagementPort required;

		OnManagementPort(ManagementPort required) {
			this.required = required;
		}

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			Environment environment = context.getEnvironment();
			ManagementPort actual = ManagementPort.of(environment);
			String message = "Actuator endpoints served " + actual + " (management.server.port "
					+ environment.getProperty("management.server.port", "unset") + ")";
			return (actual == this.required) ? ConditionOutcome.match(message) : ConditionOutcome.noMatch(message);
		}

	}

}
