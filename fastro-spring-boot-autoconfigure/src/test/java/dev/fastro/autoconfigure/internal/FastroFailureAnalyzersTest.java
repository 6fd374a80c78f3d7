package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.net.BindException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Objects;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.router.internal.Route;
import dev.fastro.router.internal.RouteConflictException;
import dev.fastro.router.internal.RoutePatternException;
import dev.fastro.server.internal.FastroBindException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/** Fastro's start-up failures are explained the way Spring Boot explains its own. */
@ExtendWith(OutputCaptureExtension.class)
class FastroFailureAnalyzersTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0");

	@Test
	void aRouteConflictNamesBothRoutesAndTheirBeans() {
		FailureAnalysis analysis = analyze(new RouteConflictFailureAnalyzer(),
				this.runner.withUserConfiguration(UserAndAdminRoutes.class));

		assertThat(analysis.getDescription()).isEqualTo("""
				Two Fastro routes match the same paths:

				    GET /users/{id} (bean 'userRoutes', route #2)
				    GET /users/{name} (bean 'adminRoutes', route #1)""");
		assertThat(analysis.getAction()).startsWith("Remove one of the two routes, or change one of the patterns");
	}

	@Test
	void aMalformedPatternShowsWhereItIsWrongAndItsBean() {
		FailureAnalysis analysis = analyze(new RoutePatternFailureAnalyzer(), this.runner.withBean("fileRoutes",
				Routes.class, () -> Routes.builder().get("/files/{name", ctx -> "never").build()));

		assertThat(analysis.getDescription()).isEqualTo("""
				The Fastro route pattern '/files/{name' (bean 'fileRoutes', route #1) is malformed at position 7: \
				unclosed '{'.

				    /files/{name
				           ^""");
		assertThat(analysis.getAction()).contains("{name:regex}");
	}

	@Test
	void aPortTakenByAnotherProcessSuggestsAnotherFastroPort() throws IOException {
		try (ServerSocket taken = new ServerSocket(0)) {
			int port = taken.getLocalPort();
			FailureAnalysis analysis = analyze(new FastroBindFailureAnalyzer(),
					this.runner.withPropertyValues("fastro.server.port=" + port));

			// The native transport words it "bind(..) failed with error(-98): Address
			// already in use".
			assertThat(analysis.getDescription())
				.startsWith("Fastro's server failed to start: it could not bind 0.0.0.0:" + port + " (")
				.endsWith("Address already in use).");
			assertThat(analysis.getAction()).startsWith("Identify and stop the process that's listening on port " + port
					+ ", or set fastro.server.port to another port (0 picks a free one).");
		}
	}

	@Test
	void aPortClashNamesBothProperties() {
		FailureAnalysis analysis = new PortClashFailureAnalyzer().analyze(new PortClashException(8080));

		assertThat(analysis.getDescription()).isEqualTo("Fastro's server and the application's embedded web server "
				+ "(WebFlux or MVC) would both listen on port 8080: fastro.server.port and server.port are both "
				+ "8080, the default of each.");
		assertThat(analysis.getAction()).isEqualTo("Set fastro.server.port or server.port to another port, for "
				+ "example fastro.server.port=8081. If Fastro alone should serve HTTP, set "
				+ "spring.main.web-application-type=none.");
	}

	@Test
	void anAddressThatDoesNotResolveIsNamedAsSuch() {
		FailureAnalysis analysis = analyze(new FastroBindFailureAnalyzer(),
				this.runner.withPropertyValues("fastro.server.address=no-such-host.invalid"));

		assertThat(analysis.getDescription()).isEqualTo("Fastro's server failed to start: fastro.server.address "
				+ "'no-such-host.invalid' is neither an IP address nor a host name that resolves.");
		assertThat(analysis.getAction())
			.isEqualTo("Set fastro.server.address to an address of this machine, or to 0.0.0.0 for all of them.");
	}

	@Test
	void springBootFindsEveryAnalyzerAndItsAnalysisComesFirst() {
		assertThat(analyzeAsSpringBoot(new RouteConflictException(new Route<>("GET", "/a", "first"),
				"bean 'one', route #1", new Route<>("GET", "/a", "second"), "bean 'two', route #1")))
			.startsWith("Two Fastro routes match the same paths");
		assertThat(analyzeAsSpringBoot(new RoutePatternException("/a/{", 3, "unclosed '{'")))
			.startsWith("The Fastro route pattern '/a/{' is malformed");
		assertThat(analyzeAsSpringBoot(
				new FastroBindException("0.0.0.0", 8080, new BindException("Address already in use"))))
			.startsWith("Fastro's server failed to start: it could not bind 0.0.0.0:8080");
		assertThat(analyzeAsSpringBoot(new PortClashException(8080)))
			.startsWith("Fastro's server and the application's embedded web server");
	}

	@Test
	void anApplicationWithARouteConflictFailsWithTheAnalysis(CapturedOutput output) {
		assertThatException()
			.isThrownBy(() -> new SpringApplicationBuilder(ConflictingApp.class).web(WebApplicationType.NONE)
				.properties("fastro.server.port=0")
				.run());

		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("GET /users/{id} (bean 'userRoutes', route #2)")
			.contains("GET /users/{name} (bean 'adminRoutes', route #1)");
	}

	/**
	 * The description of the first analysis, in Spring Boot's order, of the analyzers
	 * registered in {@code spring.factories}. Those of Spring Boot's that need
	 * constructor arguments are left out.
	 */
	private static String analyzeAsSpringBoot(Throwable failure) {
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class, (type, name, ex) -> {
			});
		AnnotationAwareOrderComparator.sort(analyzers);
		return analyzers.stream()
			.map(analyzer -> analyzer.analyze(failure))
			.filter(Objects::nonNull)
			.findFirst()
			.map(FailureAnalysis::getDescription)
			.orElse(null);
	}

	private static FailureAnalysis analyze(FailureAnalyzer analyzer, ApplicationContextRunner runner) {
		FailureAnalysis[] analysis = new FailureAnalysis[1];
		runner.run(context -> analysis[0] = analyzer.analyze(context.getStartupFailure()));
		assertThat(analysis[0]).isNotNull();
		return analysis[0];
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	static class UserAndAdminRoutes {

		@Bean
		Routes userRoutes() {
			return Routes.builder().get("/users", ctx -> "all").get("/users/{id}", ctx -> "one").build();
		}

		@Bean
		Routes adminRoutes() {
			return Routes.builder().group("/users", admin -> admin.get("/{name}", ctx -> "admin")).build();
		}

	}

	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
			FastroServerAutoConfiguration.class })
	static class ConflictingApp extends UserAndAdminRoutes {

	}

}
