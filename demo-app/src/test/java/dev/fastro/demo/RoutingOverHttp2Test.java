package dev.fastro.demo;

import java.net.http.HttpClient;

import dev.fastro.test.TestHttp;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every case of {@link RoutingTest} over HTTP/2: the JDK's client upgrades its first
 * connection to h2c, and speaks HTTP/2 from then on.
 */
@SpringBootTest(classes = DemoApplication.class,
		properties = { "fastro.server.port=0", "fastro.server.http2.enabled=true" })
class RoutingOverHttp2Test extends RoutingTest {

	private static final HttpClient HTTP2 = TestHttp.newHttp2Client();

	@Override
	HttpClient client() {
		return HTTP2;
	}

	@Test
	void theCasesRunOverHttp2() {
		get("/user/1");
		assertThat(get("/user/1").version()).isEqualTo(HttpClient.Version.HTTP_2);
	}

}
