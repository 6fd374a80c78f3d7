package dev.fastro.autoconfigure;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.Middleware;
import dev.fastro.http.Routes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up report of the routes: a warning for routes that overlap, and the table of
 * every route at debug level or with {@code fastro.router.log-routes=true}.
 */
@ExtendWith(OutputCaptureExtension.class)
class RouteReportTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0");

	@Test
	void warnsOfRoutesThatOverlapNamingBothThePathAndTheWinner(CapturedOutput output) {
		this.runner
			.withBean("itemRoutes", Routes.class,
					() -> Routes.builder()
						.get("/items/{id:\\d+}", (ctx) -> "by id")
						.get("/items/{code:[0-9a-f]+}", (ctx) -> "by code")
						.build())
			.withBean("fileRoutes", Routes.class,
					() -> Routes.builder()
						.get("/files/{*path}", (ctx) -> "file")
						.get("/files/{name:[a-z]+}", (ctx) -> "named")
						.build())
			.run((context) -> assertThat(output)
				.contains("WARN",
						"Routes overlap for GET: '/items/{id:\\d+}' (bean 'itemRoutes', route #1) and "
								+ "'/items/{code:[0-9a-f]+}' (bean 'itemRoutes', route #2) both match /items/0, which "
								+ "'/items/{id:\\d+}' (bean 'itemRoutes', route #1) takes")
				.contains("Routes overlap for GET: '/files/{*path}' (bean 'fileRoutes', route #1) and "
						+ "'/files/{name:[a-z]+}' (bean 'fileRoutes', route #2) both match /files/a, which "
						+ "'/files/{name:[a-z]+}' (bean 'fileRoutes', route #2) takes"));
	}

	@Test
	void warnsOfARouteThatIsNeverReached(CapturedOutput output) {
		this.runner
			.withBean("codeRoutes", Routes.class,
					() -> Routes.builder()
						.get("/codes/{code:[0-9a-f]+}", (ctx) -> "hex")
						.get("/codes/{id:\\d+}", (ctx) -> "digits")
						.build())
			.run((context) -> assertThat(output).contains("; '/codes/{id:\\d+}' (bean 'codeRoutes', route #2) is "
					+ "never reached, as the other takes every path it matches"));
	}

	@Test
	void saysNothingOfDisjointRoutes(CapturedOutput output) {
		this.runner
			.withBean("userRoutes", Routes.class,
					() -> Routes.builder()
						.get("/users/{id:\\d+}", (ctx) -> "user")
						.get("/users/{id:\\d+}/orders", (ctx) -> "orders")
						.get("/orders/{id}", (ctx) -> "order")
						.post("/users/{name}", (ctx) -> "created")
						.build())
			.run((context) -> assertThat(output).contains("Fastro serving 4 routes")
				.doesNotContain("overlap")
				.doesNotContain("Fastro routes ("));
	}

	@Test
	void listsAStaticSegmentBeatingAParameterAtDebugLevelOnly(CapturedOutput output) {
		ApplicationContextRunner runner = this.runner.withBean("userRoutes", Routes.class,
				() -> Routes.builder().get("/users/me", (ctx) -> "me").get("/users/{id}", (ctx) -> "user").build());
		String overlap = "Routes overlap for GET: '/users/me' (bean 'userRoutes', route #1) and '/users/{id}' "
				+ "(bean 'userRoutes', route #2) both match /users/me, which '/users/me' (bean 'userRoutes', "
				+ "route #1) takes";
		runner.run((context) -> assertThat(output).contains("Fastro serving 2 routes").doesNotContain(overlap));
		LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());
		logging.setLogLevel("dev.fastro.routes", LogLevel.DEBUG);
		try {
			runner.run((context) -> assertThat(output).contains("DEBUG", overlap).doesNotContain("WARN"));
		}
		finally {
			logging.setLogLevel("dev.fastro.routes", null);
		}
	}

	@Test
	void logsTheTableOfRoutesWhenAsked(CapturedOutput output) {
		this.runner.withPropertyValues("fastro.router.log-routes=true")
			.withBean("timing", Middleware.class, () -> (ctx, next) -> next.handle(ctx))
			.withBean("exampleRoutes", Routes.class, () -> Routes.builder()
				.get("/", (ctx) -> "home")
				.group("/admin", (admin) -> admin.use(new Audit())
					.post("/reports/{id}", Handler.blocking((ctx) -> "report"), (ctx, next) -> next.handle(ctx)))
				.post("/uploads", Handler.streaming(1 << 20, (ctx) -> "uploaded"))
				.build())
			.run((context) -> assertThat(output).contains(String.join(System.lineSeparator(), "Fastro routes (3):",
					"  METHOD  PATTERN              DECLARED BY           CHAIN                                                       OPTIONS",
					"  GET     /                    bean 'exampleRoutes'  timing",
					"  POST    /admin/reports/{id}  bean 'exampleRoutes'  timing > RouteReportTest.Audit > lambda in RouteReportTest  blocking",
					"  POST    /uploads             bean 'exampleRoutes'  timing                                                      streaming, max body 1MB")));
	}

	/** Route middleware of a named class. */
	static class Audit implements Middleware {

		@Override
		public Object handle(Context ctx, Handler next) throws Exception {
			return next.handle(ctx);
		}

	}

}
