package dev.fastro.test.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.fastro.http.internal.BodyPolicy;
import dev.fastro.http.internal.BodyStream;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.http.spi.HostHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Hands requests straight to a {@link Dispatcher}, as the server's bridge does once it
 * has received a request whole: no socket, no event loop, and the answer written by the
 * dispatcher's own result writer. The calling thread waits for the answer, so an
 * asynchronous or blocking handler works as it does in the server.
 */
final class InProcessConnector implements Connector {

	private final Dispatcher dispatcher;

	private final JsonCodec json;

	private final RequestLimits limits;

	private final Duration timeout;

	InProcessConnector(Dispatcher dispatcher, JsonCodec json, RequestLimits limits, Duration timeout) {
		this.dispatcher = dispatcher;
		this.json = json;
		this.limits = limits;
		this.timeout = timeout;
	}

	@Override
	public JsonMapper jsonMapper() {
		return this.json.mapper();
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
		Exchange exchange = new Exchange(InProcessTransport.INSTANCE, call, request.method(), request.uri(), headers,
				call.responseHeaders(), null, this.json, this.limits);
		// As the server's bridge does: the route says how it takes a body, a body
		// received whole is released once answered, and a streamed one is discarded.
		ByteBuf body = null;
		BodyStream stream = null;
		if (content.length > 0) {
			BodyPolicy policy = this.dispatcher.bodyPolicy(exchange);
			if (policy.streamed()) {
				ChunkFeeder feeder = new ChunkFeeder(content);
				stream = feeder.streamTo(policy.limit(Long.MAX_VALUE));
				exchange.streamed(stream);
			}
			else {
				body = Unpooled.wrappedBuffer(content);
				exchange.receivedWhole(body);
			}
		}
		try {
			Mono.from(this.dispatcher.dispatch(exchange)).block(this.timeout);
		}
		finally {
			if (body != null) {
				body.release();
			}
			if (stream != null) {
				stream.discard();
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

	/**
	 * Offers a request body to a streaming route in chunks the size the server's codec
	 * reads, as the handler asks for them.
	 */
	private static final class ChunkFeeder implements BodyStream.Source {

		private static final int CHUNK = 8192;

		private final byte[] content;

		private BodyStream stream;

		private int offset;

		private boolean feeding;

		private boolean askedAgain;

		ChunkFeeder(byte[] content) {
			this.content = content;
		}

		BodyStream streamTo(long maxSize) {
			this.stream = new BodyStream(this, maxSize);
			return this.stream;
		}

		/** Feeds on while the stream wants more; a call made while feeding feeds on. */
		@Override
		public synchronized void demand() {
			if (this.feeding) {
				this.askedAgain = true;
				return;
			}
			this.feeding = true;
			try {
				do {
					this.askedAgain = false;
					feed();
				}
				while (this.askedAgain);
			}
			finally {
				this.feeding = false;
			}
		}

		private void feed() {
			while (this.offset < this.content.length) {
				int length = Math.min(CHUNK, this.content.length - this.offset);
				boolean more = this.stream.offer(Unpooled.wrappedBuffer(this.content, this.offset, length));
				this.offset += length;
				if (!more) {
					return;
				}
			}
			this.stream.complete();
		}

	}

}
