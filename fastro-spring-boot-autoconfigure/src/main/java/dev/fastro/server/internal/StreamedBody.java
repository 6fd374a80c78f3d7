package dev.fastro.server.internal;

import dev.fastro.http.HttpException;
import dev.fastro.http.internal.BodyStream;
import dev.fastro.http.internal.Exchange;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.handler.codec.http2.Http2StreamChannel;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;

/**
 * One request's answer on Reactor Netty's exchange (HTTP/2, or HTTP/1.1 when asked for)
 * when its route streams the body: the handler runs at once, and the body's
 * {@link BodyStream} reads Reactor Netty's inbound a chunk at a time as the handler asks,
 * so Reactor Netty reads the connection (or the HTTP/2 stream's window) only as fast.
 * Reactor Netty answers a client that expects {@code 100-continue} once the inbound is
 * first asked for, which is when the handler first asks.
 */
final class StreamedBody extends Mono<Void> implements BodyStream.Source, CoreSubscriber<ByteBuf> {

	private final FastroHttpHandler handler;

	private final HttpServerRequest request;

	private final Exchange exchange;

	private final BodyStream stream;

	/** Guarded by {@code this}. */
	private Subscription inbound;

	private boolean subscribed;

	private boolean wanted;

	StreamedBody(FastroHttpHandler handler, HttpServerRequest request, Exchange exchange, long maxSize) {
		this.handler = handler;
		this.request = request;
		this.exchange = exchange;
		this.stream = new BodyStream(this, maxSize);
		exchange.streamed(this.stream);
		ConnectionState.bodyPaced((Connection) request, true);
	}

	@Override
	public void subscribe(CoreSubscriber<? super Void> actual) {
		Mono.from(this.handler.dispatch(this.exchange)).doFinally((signal) -> ended()).subscribe(actual);
	}

	/** The answer has been written, or abandoned: the body is no longer read. */
	private void ended() {
		ConnectionState.bodyPaced((Connection) this.request, false);
		this.stream.discard();
		Subscription subscription;
		synchronized (this) {
			subscription = this.inbound;
			this.subscribed = true;
		}
		if (subscription != null) {
			subscription.cancel();
		}
	}

	@Override
	public void demand() {
		boolean first;
		Subscription subscription;
		synchronized (this) {
			first = !this.subscribed;
			this.subscribed = true;
			subscription = this.inbound;
			this.wanted = (subscription == null);
		}
		if (first) {
			this.request.receive().subscribe(this);
		}
		else if (subscription != null) {
			readOn(subscription);
		}
	}

	/**
	 * Asks for the next chunk. An HTTP/2 stream returns the flow-control credit of what
	 * it reads as a {@code WINDOW_UPDATE} written to the connection, which Netty flushes
	 * only at the end of the connection's own reads; a read asked for later, once the
	 * handler has taken the chunks before, leaves it unflushed, and a client whose window
	 * is full would wait for it forever.
	 */
	private void readOn(Subscription subscription) {
		subscription.request(1);
		Channel stream = ((Connection) this.request).channel();
		if (stream instanceof Http2StreamChannel) {
			// After the read that the request schedules on the event loop.
			stream.eventLoop().execute(() -> stream.parent().flush());
		}
	}

	@Override
	public void onSubscribe(Subscription subscription) {
		boolean wanted;
		synchronized (this) {
			this.inbound = subscription;
			wanted = this.wanted;
		}
		if (wanted) {
			subscription.request(1);
		}
	}

	@Override
	public void onNext(ByteBuf chunk) {
		// Reactor Netty releases the chunk once this returns: the stream takes its own.
		if (this.stream.offer(chunk.retain())) {
			readOn(this.inbound);
		}
	}

	@Override
	public void onError(Throwable error) {
		this.stream.fail(new HttpException(400, "The request body could not be read: " + error.getMessage()));
	}

	@Override
	public void onComplete() {
		ConnectionState.bodyPaced((Connection) this.request, false);
		HttpException failure = ConnectionState.bodyFailure((Connection) this.request);
		if (failure != null) {
			this.stream.fail(failure);
		}
		else {
			this.stream.complete();
		}
	}

}
