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

/**
 * Hands requests straight to an application's {@link RequestPipeline}, as the server does
 * once it has received a request: no socket, no event loop, and the answer written by the
 * pipeline's own result writer. The calling thread waits for the answer, so an
 * asynchronous or blocking handler works as it does in the server.
 */
final class InProcessConnector implements Connector {

	private final RequestPipeline pipeline;

	private final Duration timeout;

	InProcessConnector(RequestPipeline pipeline, Duration timeout) {
		this.pipeline = pipeline;
		this.timeout = timeout;
	}

	@Override
	public JsonMapper jsonMapper() {
		return this.pipeline.jsonMapper();
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
		InProcessCall call = new InProcessCall(HostHeader.name(host), HostHeader.port(host, "http"));
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

}
