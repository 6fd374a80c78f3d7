package dev.fastro.test.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.fastro.http.spi.HostHeader;
import dev.fastro.http.spi.RequestPipeline;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ApplicationContext;
import org.springframework.util.ClassUtils;

/**
 * Hands requests straight to an application's {@link RequestPipeline}, as the server does
 * once it has received a request: no socket, no event loop, and the answer written by the
 * pipeline's own result writer. The calling thread waits for the answer, so an
 * asynchronous or blocking handler works as it does in the server.
 * <p>
 * A request's {@link TestRequest.Customizer customizers} prepare it before its request
 * hooks run. A request without any runs as the test's {@code @WithMockUser} or
 * {@code @WithSecurityContext} user, if it has one, when Spring Security's test support
 * is on the class path: read here, on the test's thread, so that a request answered on
 * another thread, as on a blocking route, runs as that user too.
 */
final class InProcessConnector implements Connector {

	private static final boolean SECURITY_TEST_PRESENT = ClassUtils.isPresent(
			"org.springframework.security.test.context.TestSecurityContextHolder",
			InProcessConnector.class.getClassLoader());

	private final RequestPipeline pipeline;

	private final ApplicationContext application;

	private final Duration timeout;

	/**
	 * @param pipeline the pipeline requests are handed to
	 * @param application the application context the pipeline is the bean of, for
	 * customizers to read, or {@code null} for a pipeline of routes alone
	 * @param timeout how long a request may take
	 */
	InProcessConnector(RequestPipeline pipeline, ApplicationContext application, Duration timeout) {
		this.pipeline = pipeline;
		this.application = application;
		this.timeout = timeout;
	}

	@Override
	public JsonMapper jsonMapper() {
		return this.pipeline.jsonMapper();
	}

	@Override
	public boolean inProcess() {
		return true;
	}

	@Override
	public TestResponse exchange(TestRequest request) {
		HttpHeaders headers = new DefaultHttpHeaders();
		for (Map.Entry<String, String> header : request.headers()) {
			headers.add(header.getKey(), header.getValue());
		}
		// What every HTTP/1.1 client sends, so that handlers see what they would see.
		if (!headers.contains(HttpHeaderNames.HOST)) {
			headers.set(HttpHeaderNames.HOST, "localhost");
		}
		byte[] content = request.body();
		if (content.length > 0 && !headers.contains(HttpHeaderNames.CONTENT_LENGTH)) {
			headers.setInt(HttpHeaderNames.CONTENT_LENGTH, content.length);
		}
		String host = headers.get(HttpHeaderNames.HOST);
		List<TestRequest.Customizer> customizers = customizers(request);
		InProcessCall call = new InProcessCall(HostHeader.name(host), HostHeader.port(host, "http"),
				(ctx) -> customizers.forEach((customizer) -> customizer.customize(ctx, this.application)));
		// The pipeline leaves the body to its caller, to release once answered.
		ByteBuf body = (content.length > 0) ? Unpooled.wrappedBuffer(content) : null;
		try {
			Mono.from(this.pipeline.dispatch(InProcessTransport.INSTANCE, call, request.method(), request.uri(),
					headers, call.responseHeaders(), body))
				.block(this.timeout);
		}
		finally {
			if (body != null) {
				body.release();
			}
		}
		if (!call.answered()) {
			throw new AssertionError("No answer to " + request.method() + " " + request.uri());
		}
		// The server's HTTP codec writes no body in the answer to a HEAD request.
		byte[] answer = request.method().equals("HEAD") ? new byte[0] : call.body();
		List<Map.Entry<String, String>> responseHeaders = new ArrayList<>(call.responseHeaders().entries());
		return new TestResponse(call.status(), responseHeaders, answer, jsonMapper());
	}

	/** The request's customizers, or else the test's mock user, if any. */
	private static List<TestRequest.Customizer> customizers(TestRequest request) {
		if (!request.customizers().isEmpty() || !SECURITY_TEST_PRESENT) {
			return request.customizers();
		}
		TestRequest.Customizer user = MockUser.ofTestThread();
		return (user != null) ? List.of(user) : List.of();
	}

}
