package dev.fastro.autoconfigure;

import java.security.KeyFactory;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.fastro.autoconfigure.internal.ManagementPort;
import dev.fastro.http.Context;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.spi.DefaultExceptionHandler;
import dev.fastro.security.FastroSecurity;
import dev.fastro.security.SecurityRules;
import dev.fastro.security.internal.Authenticator;
import dev.fastro.security.internal.BasicAuthenticator;
import dev.fastro.security.internal.BearerTokenAuthenticator;
import dev.fastro.security.internal.EndpointPaths;
import dev.fastro.security.internal.SecurityExceptionHandlers;
import dev.fastro.security.internal.SecurityMiddleware;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.scheduler.Scheduler;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointProperties;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.boot.security.autoconfigure.SecurityProperties;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.ConditionalOnIssuerLocationJwtDecoder;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.ConditionalOnPublicKeyJwtDecoder;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.OAuth2ResourceServerProperties;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.JwkSetUriJwtDecoderBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.convert.converter.Converter;
import org.springframework.core.env.Environment;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.AuthenticationEventPublisher;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.authorization.AuthorizationManagerFactory;
import org.springframework.security.authorization.DefaultAuthorizationManagerFactory;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder.JwkSetUriJwtDecoderBuilder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.SupplierJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.security.oauth2.server.resource.authentication.OpaqueTokenAuthenticationProvider;
import org.springframework.security.oauth2.server.resource.introspection.OpaqueTokenIntrospector;
import org.springframework.security.oauth2.server.resource.introspection.SpringOpaqueTokenIntrospector;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.util.StringUtils;

/**
 * Spring Security on Fastro's routes, when {@code spring-security-core} is on the class
 * path: a global middleware, ordered {@link FastroSecurity#ORDER}, that authenticates
 * bearer tokens and applies the application's {@link SecurityRules} (every request
 * authenticated without one), decided per route at start-up. Actuator's endpoints, on
 * Fastro's port or the management port, are decided by the endpoint rules alone.
 * <p>
 * Spring Boot configures a {@link JwtDecoder} from
 * {@code spring.security.oauth2.resourceserver.jwt.*} only in servlet applications; this
 * builds it as Boot does for the others, and backs off when the application, or Boot, has
 * one. {@code fastro.security.enabled=false} turns it all off.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
		"org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.OAuth2ResourceServerAutoConfiguration",
		"org.springframework.boot.security.oauth2.server.resource.autoconfigure.reactive.ReactiveOAuth2ResourceServerAutoConfiguration" })
@ConditionalOnClass(name = "org.springframework.security.core.Authentication")
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "fastro.security.enabled", matchIfMissing = true)
@EnableConfigurationProperties(FastroProperties.class)
public class FastroSecurityAutoConfiguration {

	@Bean
	@Order(FastroSecurity.ORDER)
	SecurityMiddleware fastroSecurityMiddleware(FastroProperties properties, ObjectProvider<SecurityRules> rules,
			ObjectProvider<AuthorizationManagerFactory<Context>> managers,
			ObjectProvider<AuthorizationManagerFactory<Object>> anyManagers,
			ObjectProvider<RoleHierarchy> roleHierarchy, ObjectProvider<Authenticator> authenticators,
			@Qualifier(FastroAutoConfiguration.BLOCKING_SCHEDULER) Scheduler blockingScheduler,
			ObjectProvider<SecurityContextHolderStrategy> contextHolder, ObjectProvider<EndpointPaths> endpointPaths) {
		return new SecurityMiddleware(rules.getIfAvailable(SecurityRules::authenticated),
				properties.getRouter().isIgnoreTrailingSlash(), managers(managers, anyManagers, roleHierarchy),
				authenticators.orderedStream().toList(), blockingScheduler,
				contextHolder.getIfAvailable(SecurityContextHolder::getContextHolderStrategy),
				endpointPaths.getIfAvailable(() -> EndpointPaths.NONE),
				properties.getSecurity().getActuator().getRole());
	}

	/**
	 * Answers method security's denials as the rules answer theirs, unless the
	 * application answers them itself.
	 */
	@Bean
	DefaultExceptionHandler<AccessDeniedException> fastroAccessDeniedHandler(
			ObjectProvider<Authenticator> authenticators) {
		return SecurityExceptionHandlers.accessDenied(authenticators.orderedStream().toList());
	}

	@Bean
	DefaultExceptionHandler<AuthenticationException> fastroAuthenticationFailedHandler(
			ObjectProvider<Authenticator> authenticators) {
		return SecurityExceptionHandlers.authenticationFailed(authenticators.orderedStream().toList());
	}

	/**
	 * Reports the rules that decide for no route, once the application's routes are
	 * composed, by the main and the management server alike.
	 */
	@Bean
	SmartInitializingSingleton fastroSecurityRulesReport(ObjectProvider<Dispatcher> dispatcher,
			SecurityMiddleware middleware) {
		return () -> {
			dispatcher.getIfAvailable();
			middleware.reportUnusedRules();
		};
	}

	/**
	 * The application's factory of authorization managers, as Spring Security's
	 * {@code AuthorizeHttpRequestsConfigurer} finds it: one for {@link Context}, else one
	 * for any object, else the default with the application's role hierarchy.
	 */
	@SuppressWarnings({ "unchecked", "rawtypes" })
	private static AuthorizationManagerFactory<Context> managers(
			ObjectProvider<AuthorizationManagerFactory<Context>> managers,
			ObjectProvider<AuthorizationManagerFactory<Object>> anyManagers,
			ObjectProvider<RoleHierarchy> roleHierarchy) {
		AuthorizationManagerFactory<Context> forContext = managers.getIfUnique();
		if (forContext != null) {
			return forContext;
		}
		AuthorizationManagerFactory forAny = anyManagers.getIfUnique();
		if (forAny != null) {
			return forAny;
		}
		DefaultAuthorizationManagerFactory<Context> factory = new DefaultAuthorizationManagerFactory<>();
		roleHierarchy.ifUnique(factory::setRoleHierarchy);
		return factory;
	}

	/**
	 * Where Actuator's endpoints are served, on Fastro's port or the management port, so
	 * that the endpoint rules decide for them, and only they do.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints",
			"org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointProperties" })
	static class ActuatorConfiguration {

		@Bean
		EndpointPaths fastroEndpointPaths(ObjectProvider<WebEndpointsSupplier> endpoints,
				ObjectProvider<WebEndpointProperties> properties, Environment environment) {
			WebEndpointsSupplier supplier = endpoints.getIfAvailable();
			WebEndpointProperties web = properties.getIfAvailable();
			if (supplier == null || web == null || ManagementPort.of(environment) == ManagementPort.DISABLED) {
				return EndpointPaths.NONE;
			}
			PathMappedEndpoints mapped = new PathMappedEndpoints(
					FastroActuatorAutoConfiguration.basePath(environment, web), supplier);
			Map<String, String> paths = new HashMap<>();
			for (ExposableWebEndpoint endpoint : supplier.getEndpoints()) {
				EndpointId id = endpoint.getEndpointId();
				paths.put(id.toLowerCaseString(), mapped.getPath(id));
			}
			String basePath = mapped.getBasePath();
			return new EndpointPaths(StringUtils.hasText(basePath) ? basePath : null, paths);
		}

	}

	/**
	 * User names and passwords in the Basic scheme, checked against the application's
	 * {@link AuthenticationManager} if it declares one, else its
	 * {@link UserDetailsService}, else the user of {@code spring.security.user.*}, as
	 * Spring Boot configures that user in a servlet application only.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.security.autoconfigure.SecurityProperties")
	@ConditionalOnBooleanProperty("fastro.security.basic.enabled")
	@EnableConfigurationProperties(SecurityProperties.class)
	static class BasicConfiguration {

		private static final Log logger = LogFactory.getLog(BasicConfiguration.class);

		@Bean
		Authenticator fastroBasicAuthenticator(FastroProperties properties,
				ObjectProvider<AuthenticationManager> manager, ObjectProvider<UserDetailsService> users,
				ObjectProvider<PasswordEncoder> passwordEncoder,
				ObjectProvider<AuthenticationEventPublisher> publisher) {
			AuthenticationManager checker = manager.getIfUnique(() -> {
				DaoAuthenticationProvider provider = new DaoAuthenticationProvider(users.getObject());
				passwordEncoder.ifUnique(provider::setPasswordEncoder);
				ProviderManager providers = new ProviderManager(provider);
				publisher.ifUnique(providers::setAuthenticationEventPublisher);
				return providers;
			});
			return new BasicAuthenticator(checker, properties.getSecurity().getBasic().getRealm());
		}

		/**
		 * The user of {@code spring.security.user.*}, its password taken as it is written
		 * when a {@link PasswordEncoder} is declared or it names its encoding
		 * ({@code {bcrypt}...}), and as plain text otherwise, as Spring Boot decides.
		 */
		@Bean
		@ConditionalOnMissingBean({ AuthenticationManager.class, UserDetailsService.class })
		InMemoryUserDetailsManager fastroInMemoryUserDetailsManager(SecurityProperties properties,
				ObjectProvider<PasswordEncoder> passwordEncoder) {
			SecurityProperties.User user = properties.getUser();
			String password = user.getPassword();
			if (user.isPasswordGenerated()) {
				logger.warn(String.format("%n%nUsing generated security password: %s%n%nThis generated password is for "
						+ "development use only. Your security configuration must be updated before running your "
						+ "application in production.%n", password));
			}
			if (passwordEncoder.getIfAvailable() == null && !namesItsEncoding(password)) {
				password = "{noop}" + password;
			}
			return new InMemoryUserDetailsManager(User.withUsername(user.getName())
				.password(password)
				.roles(user.getRoles().toArray(String[]::new))
				.build());
		}

		/** Whether a password starts with the id of its encoding in braces. */
		private static boolean namesItsEncoding(String password) {
			int close = password.indexOf('}');
			return password.startsWith("{") && close > 1;
		}

	}

	/**
	 * Opaque bearer tokens, asked about at the authorization server's introspection
	 * endpoint (RFC 7662) with Spring Boot's keys, which Spring Boot configures in
	 * servlet applications only; the application's {@link OpaqueTokenIntrospector}
	 * replaces it. Asking takes a network call, so it never runs on the event loop.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = {
			"org.springframework.security.oauth2.server.resource.introspection.OpaqueTokenIntrospector",
			"org.springframework.boot.security.oauth2.server.resource.autoconfigure.OAuth2ResourceServerProperties" })
	@EnableConfigurationProperties(OAuth2ResourceServerProperties.class)
	static class OpaqueTokenConfiguration {

		@Bean
		@ConditionalOnMissingBean(OpaqueTokenIntrospector.class)
		@ConditionalOnProperty("spring.security.oauth2.resourceserver.opaquetoken.introspection-uri")
		SpringOpaqueTokenIntrospector fastroOpaqueTokenIntrospector(OAuth2ResourceServerProperties properties) {
			OAuth2ResourceServerProperties.Opaquetoken opaqueToken = properties.getOpaquetoken();
			return SpringOpaqueTokenIntrospector.withIntrospectionUri(opaqueToken.getIntrospectionUri())
				.clientId(opaqueToken.getClientId())
				.clientSecret(opaqueToken.getClientSecret())
				.build();
		}

		@Bean
		@ConditionalOnBean(OpaqueTokenIntrospector.class)
		Authenticator fastroOpaqueTokenAuthenticator(OpaqueTokenIntrospector introspector,
				ObjectProvider<JwtDecoder> jwtDecoder, ObjectProvider<AuthenticationEventPublisher> publisher) {
			if (jwtDecoder.getIfAvailable() != null) {
				throw new IllegalStateException("Bearer tokens are both JWTs (a JwtDecoder, from "
						+ "spring.security.oauth2.resourceserver.jwt.*) and opaque (an OpaqueTokenIntrospector, from "
						+ "spring.security.oauth2.resourceserver.opaquetoken.*): configure one of them");
			}
			return new BearerTokenAuthenticator(new OpaqueTokenAuthenticationProvider(introspector),
					publisher.getIfUnique(), false);
		}

	}

	/**
	 * Bearer tokens decoded as JWTs, with Spring Boot's keys.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.security.oauth2.jwt.JwtDecoder",
			"org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken",
			"org.springframework.boot.security.oauth2.server.resource.autoconfigure.OAuth2ResourceServerProperties" })
	@EnableConfigurationProperties(OAuth2ResourceServerProperties.class)
	static class JwtConfiguration {

		/** The name of the decoder built from a public key, which never blocks. */
		static final String PUBLIC_KEY_DECODER = "fastroJwtDecoderByPublicKeyValue";

		static final String CONVERTER = "fastroJwtAuthenticationConverter";

		@Bean
		@ConditionalOnBean(JwtDecoder.class)
		Authenticator fastroJwtAuthenticator(ListableBeanFactory beanFactory, JwtDecoder decoder,
				ObjectProvider<Converter<Jwt, ? extends AbstractAuthenticationToken>> converters,
				ObjectProvider<AuthenticationEventPublisher> publisher) {
			String[] decoders = beanFactory.getBeanNamesForType(JwtDecoder.class);
			boolean local = decoders.length == 1 && decoders[0].equals(PUBLIC_KEY_DECODER);
			JwtAuthenticationProvider provider = new JwtAuthenticationProvider(decoder);
			provider.setJwtAuthenticationConverter(converter(beanFactory, converters));
			return new BearerTokenAuthenticator(provider, publisher.getIfUnique(), local);
		}

		/**
		 * The application's {@link ReactiveJwtDecoder}, or Spring Boot's in a reactive
		 * web application, when there is no {@link JwtDecoder}: its answer is awaited on
		 * the blocking scheduler, where the rest of the chain then runs.
		 */
		@Bean
		@ConditionalOnBean(ReactiveJwtDecoder.class)
		@ConditionalOnMissingBean(JwtDecoder.class)
		Authenticator fastroReactiveJwtAuthenticator(ListableBeanFactory beanFactory, ReactiveJwtDecoder decoder,
				ObjectProvider<Converter<Jwt, ? extends AbstractAuthenticationToken>> converters,
				ObjectProvider<AuthenticationEventPublisher> publisher) {
			JwtAuthenticationProvider provider = new JwtAuthenticationProvider(
					(token) -> decoder.decode(token).block());
			provider.setJwtAuthenticationConverter(converter(beanFactory, converters));
			return new BearerTokenAuthenticator(provider, publisher.getIfUnique(), false);
		}

		/**
		 * The application's converter of a decoded token to its authentication, if it
		 * declares one of any type, else the one built from Spring Boot's keys.
		 */
		private static Converter<Jwt, ? extends AbstractAuthenticationToken> converter(ListableBeanFactory beanFactory,
				ObjectProvider<Converter<Jwt, ? extends AbstractAuthenticationToken>> converters) {
			Object fastros = beanFactory.containsBean(CONVERTER) ? beanFactory.getBean(CONVERTER) : null;
			return converters.orderedStream()
				.filter((converter) -> converter != fastros)
				.findFirst()
				.orElseGet(() -> (fastros != null) ? (JwtAuthenticationConverter) fastros
						: new JwtAuthenticationConverter());
		}

		/**
		 * The converter as Spring Boot configures it from its keys; without them, Spring
		 * Security's defaults: authorities {@code SCOPE_} and the {@code scope} or
		 * {@code scp} claim, the name from {@code sub}.
		 */
		@Bean(CONVERTER)
		@ConditionalOnMissingBean(JwtAuthenticationConverter.class)
		JwtAuthenticationConverter fastroJwtAuthenticationConverter(OAuth2ResourceServerProperties properties) {
			OAuth2ResourceServerProperties.Jwt jwt = properties.getJwt();
			JwtGrantedAuthoritiesConverter authorities = new JwtGrantedAuthoritiesConverter();
			PropertyMapper map = PropertyMapper.get();
			map.from(jwt.getAuthorityPrefix()).to(authorities::setAuthorityPrefix);
			map.from(jwt.getAuthoritiesClaimDelimiter()).to(authorities::setAuthoritiesClaimDelimiter);
			map.from(jwt.getAuthoritiesClaimName()).to(authorities::setAuthoritiesClaimName);
			JwtAuthenticationConverter converter = new JwtAuthenticationConverter();
			map.from(jwt.getPrincipalClaimName()).to(converter::setPrincipalClaimName);
			converter.setJwtGrantedAuthoritiesConverter(authorities);
			return converter;
		}

		/**
		 * The decoder Spring Boot builds in a servlet application, from the first of
		 * {@code jwk-set-uri}, {@code issuer-uri} and {@code public-key-location} that is
		 * set, with the default validators, the issuer's, the audiences' and the
		 * application's {@link OAuth2TokenValidator} beans.
		 */
		@Configuration(proxyBeanMethods = false)
		@ConditionalOnMissingBean({ JwtDecoder.class, ReactiveJwtDecoder.class })
		static class JwtDecoderConfiguration {

			private final OAuth2ResourceServerProperties.Jwt properties;

			private final List<OAuth2TokenValidator<Jwt>> validators;

			JwtDecoderConfiguration(OAuth2ResourceServerProperties properties,
					ObjectProvider<OAuth2TokenValidator<Jwt>> validators) {
				this.properties = properties.getJwt();
				this.validators = validators.orderedStream().toList();
			}

			@Bean
			@ConditionalOnProperty("spring.security.oauth2.resourceserver.jwt.jwk-set-uri")
			JwtDecoder fastroJwtDecoderByJwkKeySetUri(
					ObjectProvider<JwkSetUriJwtDecoderBuilderCustomizer> customizers) {
				JwkSetUriJwtDecoderBuilder builder = NimbusJwtDecoder.withJwkSetUri(this.properties.getJwkSetUri())
					.jwsAlgorithms(this::jwsAlgorithms);
				customizers.orderedStream().forEach((customizer) -> customizer.customize(builder));
				NimbusJwtDecoder decoder = builder.build();
				String issuer = this.properties.getIssuerUri();
				decoder.setJwtValidator(validator((issuer != null) ? JwtValidators.createDefaultWithIssuer(issuer)
						: JwtValidators.createDefault()));
				return decoder;
			}

			@Bean(PUBLIC_KEY_DECODER)
			@ConditionalOnPublicKeyJwtDecoder
			JwtDecoder fastroJwtDecoderByPublicKeyValue() throws Exception {
				String pem = this.properties.readPublicKey()
					.replace("-----BEGIN PUBLIC KEY-----", "")
					.replace("-----END PUBLIC KEY-----", "");
				RSAPublicKey key = (RSAPublicKey) KeyFactory.getInstance("RSA")
					.generatePublic(new X509EncodedKeySpec(Base64.getMimeDecoder().decode(pem)));
				NimbusJwtDecoder decoder = NimbusJwtDecoder.withPublicKey(key)
					.signatureAlgorithm(SignatureAlgorithm.from(onlyAlgorithm()))
					.build();
				decoder.setJwtValidator(validator(JwtValidators.createDefault()));
				return decoder;
			}

			/** Fetches the issuer's configuration on the first token, not at start-up. */
			@Bean
			@ConditionalOnIssuerLocationJwtDecoder
			SupplierJwtDecoder fastroJwtDecoderByIssuerUri(
					ObjectProvider<JwkSetUriJwtDecoderBuilderCustomizer> customizers) {
				return new SupplierJwtDecoder(() -> {
					String issuer = this.properties.getIssuerUri();
					JwkSetUriJwtDecoderBuilder builder = NimbusJwtDecoder.withIssuerLocation(issuer);
					customizers.orderedStream().forEach((customizer) -> customizer.customize(builder));
					NimbusJwtDecoder decoder = builder.build();
					decoder.setJwtValidator(validator(JwtValidators.createDefaultWithIssuer(issuer)));
					return decoder;
				});
			}

			private void jwsAlgorithms(Set<SignatureAlgorithm> algorithms) {
				this.properties.getJwsAlgorithms().forEach((name) -> algorithms.add(SignatureAlgorithm.from(name)));
			}

			private String onlyAlgorithm() {
				List<String> algorithms = this.properties.getJwsAlgorithms();
				if (algorithms == null || algorithms.size() != 1) {
					throw new IllegalStateException(
							"spring.security.oauth2.resourceserver.jwt.jws-algorithms must name "
									+ "exactly one algorithm for a public key, not " + algorithms);
				}
				return algorithms.get(0);
			}

			private OAuth2TokenValidator<Jwt> validator(OAuth2TokenValidator<Jwt> defaults) {
				List<String> audiences = this.properties.getAudiences();
				if (audiences.isEmpty() && this.validators.isEmpty()) {
					return defaults;
				}
				List<OAuth2TokenValidator<Jwt>> all = new ArrayList<>();
				all.add(defaults);
				if (!audiences.isEmpty()) {
					all.add(new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
							(audience) -> audience != null && !Collections.disjoint(audience, audiences)));
				}
				all.addAll(this.validators);
				return new DelegatingOAuth2TokenValidator<>(all);
			}

		}

	}

}
