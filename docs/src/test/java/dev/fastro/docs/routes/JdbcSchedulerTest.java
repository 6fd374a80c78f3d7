package dev.fastro.docs.routes;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Blocking routes" of the Routes page: a scheduler of the application's replaces
 * Fastro's.
 */
class JdbcSchedulerTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(FastroAutoConfiguration.class))
		.withUserConfiguration(JdbcScheduler.class)
		.withBean(Routes.class,
				() -> Routes.builder()
					.get("/thread", Handler.blocking((ctx) -> Thread.currentThread().getName()))
					.build());

	@Test
	void blockingRoutesRunOnTheApplicationsScheduler() {
		this.runner.run((context) -> assertThat(FastroTestClient.bindTo(context).get("/thread").exchange()).bodyText()
			.startsWith("jdbc-"));
	}

}
