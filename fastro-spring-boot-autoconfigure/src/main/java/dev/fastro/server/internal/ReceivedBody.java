package dev.fastro.server.internal;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import dev.fastro.http.HttpException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * One request's answer when it has a body: receives the body whole, within the size
 * limit, then dispatches the exchange with it, and releases it once the answer has been
 * written or the client has gone away. A body the connection's guards have already
 * received whole (see {@link MessageGuard}) is dispatched at once.
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

	private final long maxSize;

	private CoreSubscriber<? super Void> actual;

	/** The subscription of the phase under way: the content's, then the answer's. */
	private volatile Subscription upstream;

	private boolean answering;

	private ByteBuf body;

	private long received;

	private volatile int released;

	private volatile boolean cancelled;

	/** The answer to a request whose body is yet to be received. */
	ReceivedBody(FastroHttpHandler handler, HttpServerRequest request, HttpServerResponse response, long maxSize) {
		this.handler = handler;
		this.request = request;
		this.response = response;
		this.maxSize = maxSize;
	}

	/** The answer to a request whose body has been received whole; takes it over. */
	ReceivedBody(FastroHttpHandler handler, HttpServerRequest request, HttpServerResponse response, ByteBuf whole) {
		this(handler, request, response, whole.readableBytes());
		this.body = whole;
	}

	@Override
	public void subscribe(CoreSubscriber<? super Void> actual) {
		this.actual = actual;
		actual.onSubscribe(this);
		if (this.body != null) {
			answer(this.handler.dispatch(this.request, this.response, this.body));
		}
		else {
			this.request.receive().subscribe(this);
		}
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
			onError(this.handler.tooLarge());
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
			answer(this.handler.fail(this.request, this.response, failure));
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
			answer(this.handler.fail(this.request, this.response, failure));
			return;
		}
		ByteBuf received = (this.body != null) ? this.body : Unpooled.EMPTY_BUFFER;
		answer(this.handler.dispatch(this.request, this.response, received));
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
