package dev.fastro.docs.routes;

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
 * "Route options" of the Routes page: a group's body limit in place of the server's, and
 * a route's in place of its group's; the properties shown take the place of both.
 */
@SpringBootTest(classes = UploadRoutesTest.UploadApp.class,
		properties = { "fastro.server.port=0", "fastro.routes[PUT\\ /uploads/avatar].max-body-size=300KB" })
@AutoConfigureFastroTestClient
class UploadRoutesTest {

	@Autowired
	FastroTestClient client;

	@Test
	void theGroupTakesBodiesLargerThanTheServersLimit() {
		byte[] twoMegabytes = new byte[2 << 20];
		assertThat(this.client.post("/uploads").body(twoMegabytes, "application/octet-stream").exchange())
			.hasBody("stored 2097152 bytes");
	}

	@Test
	void theRoutesOwnLimitComesFromTheProperties() {
		assertThat(this.client.put("/uploads/avatar").body(new byte[300 << 10], "application/octet-stream").exchange())
			.hasBody("avatar of 307200 bytes");
		assertThat(this.client.put("/uploads/avatar")
			.body(new byte[(300 << 10) + 1], "application/octet-stream")
			.exchange()).hasStatus(413);
	}

	/** The sample alone: the other samples of the page route other methods. */
	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import(UploadRoutes.class)
	static class UploadApp {

	}

}
