package dev.fastro.docs.shedding;

import dev.fastro.http.Route;
import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Limits per route" of the Load shedding page: each route of the group has its own
 * limit, the check is never shed, and they answer with the server's limit on.
 */
@SpringBootTest(classes = ReportRoutesTest.ReportApp.class,
		properties = { "fastro.server.port=0", "fastro.load-shedding.max-in-flight=200",
				"fastro.routes[GET\\ /reports/yearly].max-in-flight=1" })
@AutoConfigureFastroTestClient
class ReportRoutesTest {

	@Autowired
	FastroTestClient client;

	@Test
	void eachReportRouteHasItsOwnLimitAndThePingNone() {
		assertThat(new ReportRoutes().reportApi().routes()).satisfiesExactly(
				(daily) -> assertThat(daily.maxInFlight()).isEqualTo(4),
				(yearly) -> assertThat(yearly.maxInFlight()).isEqualTo(4),
				(ping) -> assertThat(ping).extracting(Route::neverShed, Route::maxInFlight).containsExactly(true, -1));
	}

	@Test
	void theyAnswerUnderTheServersLimit() {
		assertThat(this.client.get("/reports/daily").exchange()).hasStatus(200).hasBody("daily report");
		assertThat(this.client.get("/reports/yearly").exchange()).hasStatus(200).hasBody("yearly report");
		assertThat(this.client.get("/ping").exchange()).hasStatus(200).hasBody("pong");
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(ReportRoutes.class)
	static class ReportApp {

	}

}
