package dev.fastro.server.internal;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import dev.fastro.http.HttpException;
import dev.fastro.http.internal.BodyStream;
import dev.fastro.http.internal.Exchange;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * One request's answer on Reactor Netty's exchange when its route takes the body whole:
 * receives the body, within the route's limit, then dispatches the exchange with it, and
 * releases it once the answer has been written or the client has gone away.
 * <p>
 * It is one subscriber for both phases, first of the request's content and then of the
 * answer, where {@code aggregate().flatMap(...).doFinally(...)} would take half a dozen
 * operators per request.
 */
final class ReceivedBody extends Mono<Void> implements CoreSubscriber<Object>, Subscription {

	private static final AtomicIntegerFieldUpdater<ReceivedBody> RELEASED = AtomicIntegerFieldUpdater
		.newUpdater(ReceivedBody.class, "released");

	private final FastroHttpHandler handler;

	private final HttpServerRequest request;

	private final HttpServerResponse response;

	private final Exchange exchange;

	private final long maxSize;

	private CoreSubscriber<? super Void> actual;

	/** The subscription of the phase under way: the content's, then the answer's. */
	private volatile Subscription upstream;

	private boolean answering;

	private ByteBuf body;

	private long received;

	private volatile int released;

	private volatile boolean cancelled;

	ReceivedBody(FastroHttpHandler handler, HttpServerRequest request, HttpServerResponse response, Exchange exchange,
			long maxSize) {
		this.handler = handler;
		this.request = request;
		this.response = response;
		this.exchange = exchange;
		this.maxSize = maxSize;
	}

	@Override
	public void subscribe(CoreSubscriber<? super Void> actual) {
		this.actual = actual;
		actual.onSubscribe(this);
		this.request.receive().subscribe(this);
	}

	@Override
	public reactor.util.context.Context currentContext() {
		return this.actual.currentContext();
	}

	@Override
	public void onSubscribe(Subscription subscription) {
		this.upstream = subscription;
		if (this.cancelled) {
			subscription.cancel();
			return;
		}
		subscription.request(Long.MAX_VALUE);
	}

	@Override
	public void onNext(Object value) {
		if (this.answering) {
			return;
		}
		ByteBuf chunk = (ByteBuf) value;
		this.received += chunk.readableBytes();
		if (this.received > this.maxSize) {
			this.upstream.cancel();
			onError(BodyStream.tooLarge(this.maxSize));
			return;
		}
		this.body = append(this.body, chunk.retain(), this.response.alloc());
	}

	/**
	 * A body with one more chunk at its end, taking both over. A body that arrives in one
	 * buffer, as a small one does, is kept as it is; only a body in several buffers is
	 * composed, without copying.
	 * @param body the body so far, or {@code null} before its first chunk
	 */
	static ByteBuf append(ByteBuf body, ByteBuf chunk, ByteBufAllocator alloc) {
		if (body == null) {
			return chunk;
		}
		CompositeByteBuf composed = (body instanceof CompositeByteBuf composite) ? composite
				: alloc.compositeBuffer().addComponent(true, body);
		return composed.addComponent(true, chunk);
	}

	@Override
	public void onError(Throwable error) {
		release();
		if (!this.answering && error instanceof HttpException failure) {
			fail(failure);
		}
		else {
			this.actual.onError(error);
		}
	}

	@Override
	public void onComplete() {
		if (this.answering) {
			release();
			this.actual.onComplete();
			return;
		}
		HttpException failure = ConnectionState.bodyFailure((Connection) this.request);
		if (failure != null) {
			release();
			fail(failure);
			return;
		}
		if (this.body != null) {
			this.exchange.receivedWhole(this.body);
		}
		answer(this.handler.dispatch(this.exchange));
	}

	/**
	 * Answers with the body's failure, and ends the connection (on HTTP/2, the stream).
	 */
	private void fail(HttpException failure) {
		this.response.keepAlive(false);
		answer(this.handler.fail(this.exchange, failure));
	}

	private void answer(Publisher<Void> answer) {
		this.answering = true;
		if (!this.cancelled) {
			answer.subscribe(this);
		}
	}

	@Override
	public void request(long n) {
		// The answer completes without values; both phases are requested in full.
	}

	@Override
	public void cancel() {
		this.cancelled = true;
		release();
		Subscription subscription = this.upstream;
		if (subscription != null) {
			subscription.cancel();
		}
	}

	private void release() {
		if (RELEASED.compareAndSet(this, 0, 1) && this.body != null) {
			this.body.release();
		}
	}

}
