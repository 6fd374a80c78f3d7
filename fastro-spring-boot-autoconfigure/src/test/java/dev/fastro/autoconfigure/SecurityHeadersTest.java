package dev.fastro.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.ResponseHook;
import dev.fastro.http.Routes;
import dev.fastro.security.internal.SecurityHeaders;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.NettyLeakDetection;
import dev.fastro.test.TestCertificates;
import dev.fastro.test.TestCertificates.Identity;
import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The headers Spring Security writes by default, on Fastro's answers over real HTTP and
 * HTTPS: their values, the handler's own kept, and each turned off by its key.
 */
@ExtendWith(NettyLeakDetection.class)
class SecurityHeadersTest {

	private static final Map<String, String> DEFAULTS = Map.of("x-content-type-options", "nosniff", "x-frame-options",
			"DENY", "x-xss-protection", "0", "referrer-policy", "no-referrer", "cache-control",
			"no-cache, no-store, max-age=0, must-revalidate", "pragma", "no-cache", "expires", "0");

	private static final String HSTS = "strict-transport-security";

	@TempDir
	static Path keys;

	static Identity server;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, JacksonAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class,
				FastroSecurityHeadersAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(HeaderRoutes.class);

	@BeforeAll
	static void createKeys() {
		server = TestCertificates.create(keys, "server");
	}

	@Test
	void writesSpringSecuritysDefaultHeadersAndNoHstsOverHttp() {
		this.runner.run((context) -> {
			HttpResponse<String> response = TestHttp.get(port(context), "/text");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(headers(response)).containsAllEntriesOf(DEFAULTS).doesNotContainKey(HSTS);
		});
	}

	@Test
	void writesThemOnErrorAnswersToo() {
		this.runner.run((context) -> {
			for (String path : new String[] { "/missing", "/failing" }) {
				HttpResponse<String> response = TestHttp.get(port(context), path);
				assertThat(response.statusCode()).isIn(404, 409);
				assertThat(TestHttp.header(response, "content-type")).isEqualTo(TestHttp.PROBLEM_JSON);
				assertThat(headers(response)).containsAllEntriesOf(DEFAULTS);
			}
		});
	}

	@Test
	void keepsTheHeadersTheHandlerSet() {
		this.runner.run((context) -> {
			HttpResponse<String> response = TestHttp.get(port(context), "/own");
			assertThat(headers(response))
				.contains(entry("x-frame-options", "SAMEORIGIN"), entry("referrer-policy", "same-origin"),
						entry("cache-control", "max-age=60"), entry("x-content-type-options", "nosniff"))
				.doesNotContainKeys("pragma", "expires");
		});
	}

	@Test
	void keepsTheHeadersTheApplicationsResponseHooksSet() {
		this.runner.withUserConfiguration(FramingHook.class).run((context) -> {
			HttpResponse<String> response = TestHttp.get(port(context), "/text");
			assertThat(headers(response)).containsEntry("x-frame-options", "SAMEORIGIN")
				.containsEntry("x-content-type-options", "nosniff");
		});
	}

	@Test
	void writesNoCacheHeadersWhenTheHandlerSetAnyOfThem() {
		this.runner.run((context) -> {
			assertThat(headers(TestHttp.get(port(context), "/expires"))).containsEntry("expires", "60")
				.doesNotContainKeys("cache-control", "pragma");
			assertThat(headers(TestHttp.get(port(context), "/pragma"))).containsEntry("pragma", "no-cache")
				.doesNotContainKeys("cache-control", "expires");
		});
	}

	@Test
	void writesNoCacheHeadersOnA304() {
		this.runner.run((context) -> {
			HttpResponse<String> response = TestHttp.get(port(context), "/article", "if-none-match", "\"v1\"");
			assertThat(response.statusCode()).isEqualTo(304);
			assertThat(headers(response)).containsEntry("x-frame-options", "DENY")
				.doesNotContainKeys("cache-control", "pragma", "expires");
			assertThat(headers(TestHttp.get(port(context), "/article"))).containsEntry("cache-control",
					"no-cache, no-store, max-age=0, must-revalidate");
		});
	}

	@Test
	void writesHstsOverTls() {
		this.runner.withPropertyValues(server.keyStoreBundle("server")).run((context) -> {
			HttpResponse<String> response = overTls(context, "/text");
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(headers(response)).containsEntry(HSTS, "max-age=31536000 ; includeSubDomains")
				.containsAllEntriesOf(DEFAULTS);
		});
	}

	@Test
	void writesHstsAsItsKeysSay() {
		this.runner.withPropertyValues(server.keyStoreBundle("server"))
			.withPropertyValues("fastro.security.headers.hsts.max-age=600", "fastro.security.headers.hsts.preload=true",
					"fastro.security.headers.hsts.include-sub-domains=false")
			.run((context) -> assertThat(headers(overTls(context, "/text"))).containsEntry(HSTS,
					"max-age=600 ; preload"));
	}

	@Test
	void writesNoHstsOverTlsWhenOff() {
		this.runner.withPropertyValues(server.keyStoreBundle("server"))
			.withPropertyValues("fastro.security.headers.hsts.enabled=false")
			.run((context) -> assertThat(headers(overTls(context, "/text"))).doesNotContainKey(HSTS)
				.containsAllEntriesOf(DEFAULTS));
	}

	@Test
	void writesHstsWhenATrustedProxySaysTheClientUsedHttps() {
		this.runner.withPropertyValues("fastro.server.forward-headers-strategy=native").run((context) -> {
			assertThat(headers(TestHttp.get(port(context), "/text", "x-forwarded-proto", "https"))).containsEntry(HSTS,
					"max-age=31536000 ; includeSubDomains");
			assertThat(headers(TestHttp.get(port(context), "/text", "x-forwarded-proto", "http")))
				.doesNotContainKey(HSTS);
		});
	}

	@ParameterizedTest
	@CsvSource({ "content-type-options=false, x-content-type-options", "frame-options=off, x-frame-options",
			"xss-protection=off, x-xss-protection", "referrer-policy=off, referrer-policy",
			"cache-control=false, cache-control" })
	void eachKeyTurnsItsHeaderOff(String property, String header) {
		this.runner.withPropertyValues("fastro.security.headers." + property).run((context) -> {
			Map<String, String> headers = headers(TestHttp.get(port(context), "/text"));
			assertThat(headers).doesNotContainKey(header);
			assertThat(DEFAULTS.keySet().stream().filter(headers::containsKey))
				.hasSize(header.equals("cache-control") ? 4 : 6);
		});
	}

	@Test
	void writesTheValuesTheKeysChoose() {
		this.runner
			.withPropertyValues("fastro.security.headers.frame-options=sameorigin",
					"fastro.security.headers.xss-protection=enabled-mode-block",
					"fastro.security.headers.referrer-policy=strict-origin-when-cross-origin")
			.run((context) -> assertThat(headers(TestHttp.get(port(context), "/text"))).contains(
					entry("x-frame-options", "SAMEORIGIN"), entry("x-xss-protection", "1; mode=block"),
					entry("referrer-policy", "strict-origin-when-cross-origin")));
	}

	@Test
	void refusesANegativeHstsMaxAge() {
		this.runner.withPropertyValues("fastro.security.headers.hsts.max-age=-1")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("fastro.security.headers.hsts.maxAge"));
	}

	@Test
	void noHookWhenTurnedOff() {
		for (String off : new String[] { "fastro.security.headers.enabled=false", "fastro.security.enabled=false" }) {
			this.runner.withPropertyValues(off).run((context) -> {
				assertThat(context).doesNotHaveBean(SecurityHeaders.class).doesNotHaveBean(ResponseHook.class);
				assertThat(headers(TestHttp.get(port(context), "/text"))).doesNotContainKeys("x-frame-options",
						"cache-control");
			});
		}
	}

	@Test
	void noHookWithoutSpringSecurity() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.security"))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ResponseHook.class));
	}

	private static Map<String, String> headers(HttpResponse<?> response) {
		return response.headers()
			.map()
			.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, (header) -> String.join(", ", header.getValue())));
	}

	private static HttpResponse<String> overTls(ConfigurableApplicationContext context, String path) {
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.sslContext(TestCertificates.clientContext(null, server))
			.build();
		return TestHttp.send(client, HttpRequest.newBuilder(URI.create("https://localhost:" + port(context) + path))
			.timeout(Duration.ofSeconds(10)));
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getBean(FastroServer.class).port();
	}

	@Configuration(proxyBeanMethods = false)
	static class HeaderRoutes {

		@Bean
		Routes headerRoutes() {
			return Routes.builder().get("/text", (ctx) -> "text").get("/failing", (ctx) -> {
				throw new HttpException(409, "Taken");
			})
				.get("/own",
						(ctx) -> Response.ok("own")
							.header("x-frame-options", "SAMEORIGIN")
							.header("referrer-policy", "same-origin")
							.header("cache-control", "max-age=60"))
				.get("/expires", (ctx) -> Response.ok("expires").header("expires", "60"))
				.get("/pragma", (ctx) -> Response.ok("pragma").header("pragma", "no-cache"))
				.get("/article", (ctx) -> Response.ok("article").etag("\"v1\""))
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class FramingHook {

		/** Frames by default, as the hook that writes security headers does. */
		@Bean
		ResponseHook framingHook() {
			return (ctx) -> {
				if (!ctx.responseHeaders().contains("x-frame-options")) {
					ctx.header("x-frame-options", "SAMEORIGIN");
				}
			};
		}

	}

}
