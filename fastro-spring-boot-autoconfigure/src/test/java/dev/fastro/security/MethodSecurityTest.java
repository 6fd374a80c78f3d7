package dev.fastro.security;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import com.nimbusds.jose.JOSEException;
import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroSecurityAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.Handler;
import dev.fastro.http.RequestHook;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.test.RawHttp;
import dev.fastro.test.RawResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.reactor.autoconfigure.ReactorAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.method.configuration.EnableReactiveMethodSecurity;
import org.springframework.security.core.context.SecurityContextHolder;

import static dev.fastro.security.SecuredServer.get;
import static dev.fastro.security.SecuredServer.port;
import static dev.fastro.test.RawHttp.rawRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Method security ({@code @PreAuthorize} on a service bean) called from every kind of
 * handler sees the request's authentication, and its refusals are answered as the rules'
 * are: 403 for a token without the role, 401 for an anonymous request.
 */
class MethodSecurityTest {

	private static Tokens tokens;

	/** Tokens checked with the public key, their roles in the claim {@code roles}. */
	private static String[] publicKey;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, ReactorAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class,
				FastroSecurityAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "spring.reactor.context-propagation=auto");

	@BeforeAll
	static void serveKeys() throws Exception {
		tokens = new Tokens();
		publicKey = new String[] {
				"spring.security.oauth2.resourceserver.jwt.public-key-location=" + tokens.publicKeyUri(),
				"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
				"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_" };
	}

	@AfterAll
	static void stopServingKeys() {
		tokens.close();
		// Spring Boot turned it on for the whole JVM; the other tests run without it.
		Hooks.disableAutomaticContextPropagation();
	}

	@ParameterizedTest
	@ValueSource(strings = { "/plain", "/blocking", "/mono", "/mono-elsewhere", "/flux" })
	void methodSecuritySeesTheRequestsAuthentication(String path) {
		this.runner.withUserConfiguration(MethodSecurityApp.class).withPropertyValues(publicKey).run((context) -> {
			int port = port(context);
			RawResponse admin = get(port, path, bearer(List.of("ADMIN")));
			assertThat(admin.status()).isEqualTo(200);
			assertThat(admin.bodyString()).contains("stats for ada");
			RawResponse user = get(port, path, bearer(List.of("USER")));
			assertThat(user.status()).isEqualTo(403);
			assertThat(user.header("www-authenticate")).startsWith("Bearer error=\"insufficient_scope\"");
			assertThat(user.header("content-type")).isEqualTo("application/problem+json");
			RawResponse anonymous = get(port, path);
			assertThat(anonymous.status()).isEqualTo(401);
			assertThat(anonymous.headerValues("www-authenticate")).containsExactly("Bearer");
		});
	}

	@Test
	void blockingRoutesOnVirtualThreadsSeeItToo() {
		this.runner.withUserConfiguration(MethodSecurityApp.class)
			.withPropertyValues(publicKey)
			.withPropertyValues("spring.threads.virtual.enabled=true")
			.run((context) -> {
				int port = port(context);
				assertThat(get(port, "/blocking", bearer(List.of("ADMIN"))).status()).isEqualTo(200);
				assertThat(get(port, "/blocking", bearer(List.of("USER"))).status()).isEqualTo(403);
			});
	}

	@Test
	void tokensCheckedOffTheEventLoopCarryTheirAuthenticationThere() {
		this.runner.withUserConfiguration(MethodSecurityApp.class)
			.withPropertyValues("spring.security.oauth2.resourceserver.jwt.jwk-set-uri=" + tokens.jwkSetUri(),
					"spring.security.oauth2.resourceserver.jwt.authorities-claim-name=roles",
					"spring.security.oauth2.resourceserver.jwt.authority-prefix=ROLE_")
			.run((context) -> {
				int port = port(context);
				assertThat(get(port, "/plain", bearer(List.of("ADMIN"))).status()).isEqualTo(200);
				assertThat(get(port, "/plain", bearer(List.of("USER"))).status()).isEqualTo(403);
			});
	}

	@Test
	void reactiveMethodSecuritySeesItInTheReactorContext() {
		this.runner.withUserConfiguration(ReactiveMethodSecurityApp.class)
			.withPropertyValues(publicKey)
			.run((context) -> {
				int port = port(context);
				assertThat(get(port, "/mono", bearer(List.of("ADMIN"))).bodyString()).isEqualTo("stats for ada");
				assertThat(get(port, "/mono", bearer(List.of("USER"))).status()).isEqualTo(403);
				assertThat(get(port, "/mono").status()).isEqualTo(401);
			});
	}

	@Test
	void noThreadKeepsTheAuthenticationOfARequest() {
		this.runner.withUserConfiguration(MethodSecurityApp.class).withPropertyValues(publicKey).run((context) -> {
			Queue<Object> seen = context.getBean(Seen.class).authentications;
			try (RawHttp wire = new RawHttp(port(context), Duration.ofSeconds(10))) {
				// One connection, so one event loop: the second request runs where the
				// first did.
				for (int i = 0; i < 2; i++) {
					wire.send(rawRequest("GET", "/plain", bearer(List.of("ADMIN"))));
					assertThat(wire.read().status()).isEqualTo(200);
				}
			}
			assertThat(seen).hasSize(2).containsOnly("none");
		});
	}

	@Test
	void anApplicationsOwnHandlerForDenialsWins() {
		this.runner.withUserConfiguration(MethodSecurityApp.class, OwnDenialHandler.class)
			.withPropertyValues(publicKey)
			.run((context) -> {
				RawResponse user = get(port(context), "/plain", bearer(List.of("USER")));
				assertThat(user.status()).isEqualTo(451);
				assertThat(user.bodyString()).isEqualTo("denied");
			});
	}

	private static String bearer(List<String> roles) {
		try {
			return "authorization: Bearer " + tokens.rs256(Tokens.claims((claims) -> claims.claim("roles", roles)));
		}
		catch (JOSEException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** A service whose methods require the role ADMIN. */
	static class Reports {

		@PreAuthorize("hasRole('ADMIN')")
		public String stats() {
			return "stats for " + SecurityContextHolder.getContext().getAuthentication().getName();
		}

		@PreAuthorize("hasRole('ADMIN')")
		public Mono<String> statsLater() {
			return Mono.just("stats for ada");
		}

	}

	/** What the holder held as each request began, on the thread it began on. */
	static class Seen implements RequestHook {

		final Queue<Object> authentications = new ConcurrentLinkedQueue<>();

		@Override
		public void onRequest(dev.fastro.http.Context ctx) {
			Object authentication = SecurityContextHolder.getContext().getAuthentication();
			this.authentications.add((authentication != null) ? authentication : "none");
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableMethodSecurity
	static class MethodSecurityApp {

		@Bean
		Reports reports() {
			return new Reports();
		}

		@Bean
		Seen seen() {
			return new Seen();
		}

		@Bean
		Routes routes(Reports reports) {
			return Routes.builder()
				.get("/plain", (ctx) -> reports.stats())
				.get("/blocking", Handler.blocking((ctx) -> reports.stats()))
				.get("/mono", (ctx) -> Mono.fromSupplier(reports::stats))
				.get("/mono-elsewhere",
						(ctx) -> Mono.fromCallable(reports::stats).subscribeOn(Schedulers.boundedElastic()))
				.get("/flux", (ctx) -> Flux.defer(() -> Flux.just(reports.stats())))
				.build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder().anyRoute().permitAll().build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableReactiveMethodSecurity
	static class ReactiveMethodSecurityApp {

		@Bean
		Reports reports() {
			return new Reports();
		}

		@Bean
		Routes routes(Reports reports) {
			return Routes.builder().get("/mono", (ctx) -> reports.statsLater()).build();
		}

		@Bean
		SecurityRules securityRules() {
			return SecurityRules.builder().anyRoute().permitAll().build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnDenialHandler {

		@Bean
		ExceptionHandler<AccessDeniedException> denied() {
			return ExceptionHandler.of(AccessDeniedException.class, (ctx, ex) -> Response.status(451).body("denied"));
		}

	}

}
