package dev.fastro.http;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Options per route and per group: declared in the builder, inherited by a group's
 * routes, overridden per route, and set again by {@code fastro.routes} and
 * {@code fastro.groups}; served over real HTTP with the server's own limits set apart.
 */
class RouteOptionsTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0", "fastro.server.max-body-size=1KB")
		.withUserConfiguration(OptionRoutes.class);

	@Test
	void aGroupsOptionsAreInheritedAndOverriddenByInnerGroupsAndRoutes() {
		Handler marked = Handler.streaming(4096, Handler.blocking((ctx) -> "marked"));
		List<Route> routes = Routes.builder()
			.group("/outer", (outer) -> outer.defaults((options) -> options.timeout(Duration.ofSeconds(5)))
				.blocking()
				.get("/inherits", (ctx) -> "")
				.get("/own", (ctx) -> "")
				.with((options) -> options.timeout(Duration.ofSeconds(1)).blocking(false))
				.post("/marked", marked)
				.group("/inner",
						(inner) -> inner.defaults((options) -> options.maxBodySize(100)).get("/both", (ctx) -> "")))
			.get("/plain", (ctx) -> "")
			.build()
			.routes();
		assertThat(routes).extracting(
				(route) -> route.pattern() + " " + route.timeout() + " " + route.maxBodySize() + " " + route.blocking())
			.containsExactly("/outer/inherits PT5S -1 true", "/outer/own PT1S -1 false", "/outer/marked PT5S 4096 true",
					"/outer/inner/both PT5S 100 true", "/plain null -1 false");
	}

	@Test
	void optionsFollowTheRouteTheyApplyTo() {
		assertThatIllegalStateException()
			.isThrownBy(() -> Routes.builder().group("/g", (g) -> g.with((options) -> options.maxBodySize(1))))
			.withMessage("with(..) follows the route it applies to, in the group /g");
		assertThatThrownBy(() -> Routes.builder().defaults((options) -> options.timeout(Duration.ZERO)))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessage("timeout must be positive, was PT0S");
		assertThatThrownBy(() -> Routes.builder().defaults((options) -> options.maxBodySize(-1)))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessage("maxBodySize must not be negative, was -1");
	}

	@Test
	void aRouteWaitsForItsAnswerAsLongAsItsOwnTimeoutSays() {
		this.runner.withPropertyValues("fastro.server.request-timeout=1h").run((context) -> {
			assertTimedOut(TestHttp.get(port(context), "/slow/group"), 200);
			assertTimedOut(TestHttp.get(port(context), "/slow/own"), 300);
		});
	}

	@Test
	void theRequestTimeoutOfAGroupOrARouteComesFromTheProperties() {
		this.runner
			.withPropertyValues("fastro.server.request-timeout=1h", "fastro.groups[/slow].request-timeout=150ms",
					"fastro.routes[GET /slow/own].request-timeout=250ms")
			.run((context) -> {
				assertTimedOut(TestHttp.get(port(context), "/slow/group"), 150);
				assertTimedOut(TestHttp.get(port(context), "/slow/own"), 250);
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "fastro", "reactor-netty" })
	void aRouteAcceptsTheBodiesItsOwnLimitAllows(String exchange) {
		this.runner.withPropertyValues("fastro.server.http1-exchange=" + exchange).run((context) -> {
			int port = port(context);
			assertThat(post(port, "/bodies/server", 1024).statusCode()).isEqualTo(200);
			assertThat(post(port, "/bodies/server", 1025).statusCode()).isEqualTo(413);
			assertThat(post(port, "/bodies/group", 3000).body()).isEqualTo("3000");
			assertThat(post(port, "/bodies/group", 4097).statusCode()).isEqualTo(413);
			assertThat(post(port, "/bodies/own", 10).body()).isEqualTo("10");
			HttpResponse<String> tooLarge = post(port, "/bodies/own", 11);
			assertThat(tooLarge.statusCode()).isEqualTo(413);
			assertThat(tooLarge.body()).contains("10 bytes");
		});
	}

	@Test
	void theBodyLimitOfAGroupOrARouteComesFromTheProperties() {
		this.runner
			.withPropertyValues("fastro.groups[/bodies].max-body-size=20B",
					"fastro.routes[POST /bodies/own].max-body-size=8KB")
			.run((context) -> {
				int port = port(context);
				assertThat(post(port, "/bodies/group", 20).statusCode()).isEqualTo(200);
				assertThat(post(port, "/bodies/group", 21).statusCode()).isEqualTo(413);
				// Declared outside the group, under the same prefix.
				assertThat(post(port, "/bodies/server", 21).statusCode()).isEqualTo(200);
				assertThat(post(port, "/bodies/own", 8192).body()).isEqualTo("8192");
			});
	}

	@Test
	void aRoutesBodyLimitBoundsAMultipartBodyToo() {
		this.runner.run((context) -> {
			String boundary = "b0undary";
			String small = multipart(boundary, 1);
			String large = multipart(boundary, 20);
			String type = "multipart/form-data; boundary=" + boundary;
			assertThat(TestHttp.post(port(context), "/bodies/own/form", type, small).statusCode()).isEqualTo(200);
			assertThat(TestHttp.post(port(context), "/bodies/own/form", type, large).statusCode()).isEqualTo(413);
		});
	}

	@Test
	void aKeyThatNamesNoRouteOrGroupFailsStartUp() {
		this.runner.withPropertyValues("fastro.routes[GET /nowhere].request-timeout=1s").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageStartingWith("fastro.routes[GET /nowhere] names no route or group;");
		});
		this.runner.withPropertyValues("fastro.groups[/nowhere].max-body-size=1KB").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageStartingWith("fastro.groups[/nowhere] names no route or group;");
		});
	}

	@Test
	void aMalformedKeyOrValueFailsStartUpNamingIt() {
		this.runner.withPropertyValues("fastro.routes[/slow/own].request-timeout=1s").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageStartingWith("fastro.routes[/slow/own] must be a method and a pattern as declared");
		});
		this.runner.withPropertyValues("fastro.groups[/slow].request-timeout=0s").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessage("fastro.groups[/slow].request-timeout must be at least 1ms, was PT0S");
		});
		this.runner.withPropertyValues("fastro.routes[POST /bodies/own].max-body-size=3GB").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageStartingWith("The max body size of POST /bodies/own (bean 'optionRoutes', route #4)"
						+ " must be at most 2GB");
		});
	}

	private static void assertTimedOut(HttpResponse<String> response, int millis) {
		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(TestHttp.json(response.body()).get("detail").asString())
			.isEqualTo("No answer within the request timeout of " + millis + " ms");
	}

	private static HttpResponse<String> post(int port, String path, int length) {
		return TestHttp.send(request(port, path).POST(BodyPublishers.ofByteArray(new byte[length])));
	}

	private static String multipart(String boundary, int kilobytes) {
		return "--" + boundary + "\r\ncontent-disposition: form-data; name=\"text\"\r\n\r\n"
				+ "x".repeat(kilobytes << 10) + "\r\n--" + boundary + "--\r\n";
	}

	private static int port(ApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	@Configuration(proxyBeanMethods = false)
	static class OptionRoutes {

		@Bean
		Routes optionRoutes() {
			Handler never = (ctx) -> Mono.never();
			Handler length = (ctx) -> String.valueOf(ctx.bodyBytes().length);
			return Routes.builder()
				.group("/slow",
						(slow) -> slow.defaults((options) -> options.timeout(Duration.ofMillis(200)))
							.get("/group", never)
							.get("/own", never)
							.with((options) -> options.timeout(Duration.ofMillis(300))))
				.group("/bodies",
						(bodies) -> bodies.defaults((options) -> options.maxBodySize(4096))
							.post("/group", length)
							.post("/own", length)
							.with((options) -> options.maxBodySize(10))
							.post("/own/form", (ctx) -> ctx.form().size())
							.with((options) -> options.maxBodySize(2048)))
				.post("/bodies/server", length)
				.build();
		}

	}

}
