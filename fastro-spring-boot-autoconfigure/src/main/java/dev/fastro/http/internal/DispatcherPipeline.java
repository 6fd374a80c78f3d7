package dev.fastro.http.internal;

import java.util.List;

import dev.fastro.http.Routes;
import dev.fastro.http.spi.RequestPipeline;
import dev.fastro.http.spi.Transport;
import dev.fastro.router.PathMatch;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaders;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@link RequestPipeline} of a {@link Dispatcher}: each request is one
 * {@link Exchange} over the caller's transport, routed ahead when it has a body so that
 * its route says how it takes it, as Fastro's server does.
 */
public final class DispatcherPipeline implements RequestPipeline {

	/** What {@code fastro.server.max-parameters} defaults to. */
	private static final RequestLimits DEFAULT_LIMITS = new RequestLimits(1000);

	private final Dispatcher router;

	private final ExchangeDispatcher dispatcher;

	private final JsonCodec json;

	private final RequestLimits limits;

	/**
	 * @param router the dispatcher that routes requests, asked how a route takes its body
	 * @param dispatcher what answers them, as the server calls it: the router, or what
	 * wraps it
	 * @param json the JSON codec
	 * @param limits the limits on what a request may make the pipeline parse
	 */
	public DispatcherPipeline(Dispatcher router, ExchangeDispatcher dispatcher, JsonCodec json, RequestLimits limits) {
		this.router = router;
		this.dispatcher = dispatcher;
		this.json = json;
		this.limits = limits;
	}

	/** See {@link RequestPipeline#of}. */
	public static RequestPipeline of(JsonMapper jsonMapper, List<Routes> routes) {
		JsonCodec json = new JsonCodec(jsonMapper);
		Dispatcher dispatcher = Dispatcher.builder()
			.routes(routes)
			.json(json)
			.fileResults(FileResults.onClassPath())
			.eventResults(EventResults.onClassPath())
			.build();
		return new DispatcherPipeline(dispatcher, dispatcher, json, DEFAULT_LIMITS);
	}

	@Override
	public <H> Publisher<Void> dispatch(Transport<H> transport, H handle, String method, String uri,
			HttpHeaders requestHeaders, HttpHeaders responseHeaders, ByteBuf body) {
		Exchange exchange = new Exchange(transport, handle, method, uri, requestHeaders, responseHeaders, null,
				this.json, this.limits);
		transport.prepare(handle, exchange);
		if (body == null || !body.isReadable()) {
			return this.dispatcher.dispatch(exchange);
		}
		BodyPolicy policy = this.router.bodyPolicy(exchange);
		if (!policy.streamed()) {
			exchange.receivedWhole(body);
			return this.dispatcher.dispatch(exchange);
		}
		BodyStream stream = new ChunkFeeder(body).streamTo(policy.limit(Long.MAX_VALUE));
		exchange.streamed(stream);
		// As on the server: what the handler left unread is released when the exchange
		// ends.
		return Mono.from(this.dispatcher.dispatch(exchange)).doFinally((signal) -> stream.discard());
	}

	@Override
	public PathMatch match(String method, String path) {
		return this.router.match(method, path);
	}

	@Override
	public JsonMapper jsonMapper() {
		return this.json.mapper();
	}

	/**
	 * Offers a body held whole to a streaming route in chunks the size Netty's HTTP/1.1
	 * codec hands the server, as the handler asks for them. Each chunk is a retained
	 * slice, which the stream releases; the body itself stays the caller's.
	 */
	private static final class ChunkFeeder implements BodyStream.Source {

		private static final int CHUNK = 8192;

		private final ByteBuf body;

		private BodyStream stream;

		private int offset;

		private boolean feeding;

		private boolean askedAgain;

		ChunkFeeder(ByteBuf body) {
			this.body = body;
			this.offset = body.readerIndex();
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
			int end = this.body.writerIndex();
			while (this.offset < end) {
				int length = Math.min(CHUNK, end - this.offset);
				boolean more = this.stream.offer(this.body.retainedSlice(this.offset, length));
				this.offset += length;
				if (!more) {
					return;
				}
			}
			this.stream.complete();
		}

	}

}
