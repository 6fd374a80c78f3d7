package dev.fastro.demo;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;

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

	/** The HEAD cases of {@link RoutingTest} need a raw HTTP/1.1 connection. */
	@Test
	void headAnswersLikeGetWithoutABody() {
		get("/user/1");
		HttpResponse<String> get = get("/user/1");
		HttpResponse<String> head = call("HEAD", "/user/1");
		assertThat(head.version()).isEqualTo(HttpClient.Version.HTTP_2);
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(head.body()).isEmpty();
		assertThat(TestHttp.header(head, "content-length")).isEqualTo(TestHttp.header(get, "content-length"));
		assertThat(TestHttp.header(head, "content-type")).isEqualTo(TestHttp.header(get, "content-type"));
	}

}
