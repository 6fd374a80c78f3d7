package dev.fastro.observation.internal;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.ExchangeDispatcher;
import dev.fastro.observation.DefaultFastroServerObservationConvention;
import dev.fastro.observation.FastroServerObservationContext;
import dev.fastro.observation.FastroServerObservationConvention;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * Observes every exchange as one {@code http.server.requests} observation, from before
 * routing until its answer has been written, a streamed one until the stream ends. The
 * server calls it instead of the dispatcher only when observations are on, so a server
 * without them pays nothing.
 * <p>
 * The observation's scope is open while the dispatcher runs the request's handler and
 * while the answer is subscribed to, so a handler's log lines carry the trace; the
 * observation is also in the answer's Reactor context, from which Reactor's context
 * propagation restores it on other threads.
 */
public final class ObservedDispatcher implements ExchangeDispatcher {

	private static final FastroServerObservationConvention DEFAULT_CONVENTION = new DefaultFastroServerObservationConvention();

	private final ExchangeDispatcher dispatcher;

	private final ObservationRegistry registry;

	private final FastroServerObservationConvention convention;

	/**
	 * Wraps a dispatcher.
	 * @param dispatcher the dispatcher to observe
	 * @param registry the registry the observations are made in
	 * @param convention the convention that names them and their keys
	 */
	public ObservedDispatcher(ExchangeDispatcher dispatcher, ObservationRegistry registry,
			FastroServerObservationConvention convention) {
		this.dispatcher = dispatcher;
		this.registry = registry;
		this.convention = convention;
	}

	@Override
	public Publisher<Void> dispatch(Exchange exchange) {
		return new ObservedAnswer(exchange);
	}

	/**
	 * One exchange's answer: starts the observation when subscribed to, and stops it
	 * once, when the answer completes, fails or is cancelled.
	 */
	private final class ObservedAnswer extends Mono<Void> implements CoreSubscriber<Void>, Subscription {

		private static final AtomicIntegerFieldUpdater<ObservedAnswer> STOPPED = AtomicIntegerFieldUpdater
			.newUpdater(ObservedAnswer.class, "stopped");

		private final Exchange exchange;

		private final FastroServerObservationContext context;

		private final Observation observation;

		private CoreSubscriber<? super Void> actual;

		// Made when first asked for: a synchronous answer never asks.
		private Context reactorContext;

		private Subscription upstream;

		private volatile int stopped;

		ObservedAnswer(Exchange exchange) {
			this.exchange = exchange;
			this.context = new FastroServerObservationContext(exchange);
			this.observation = Observation.createNotStarted(ObservedDispatcher.this.convention, DEFAULT_CONVENTION,
					() -> this.context, ObservedDispatcher.this.registry);
		}

		@Override
		public void subscribe(CoreSubscriber<? super Void> actual) {
			this.actual = actual;
			this.observation.start();
			try (Observation.Scope scope = this.observation.openScope()) {
				ObservedDispatcher.this.dispatcher.dispatch(this.exchange).subscribe(this);
			}
		}

		@Override
		public Context currentContext() {
			Context context = this.reactorContext;
			if (context == null) {
				// Immutable, with final fields: a thread that reads the field sees it
				// whole.
				context = this.actual.currentContext().put(ObservationThreadLocalAccessor.KEY, this.observation);
				this.reactorContext = context;
			}
			return context;
		}

		@Override
		public void onSubscribe(Subscription subscription) {
			this.upstream = subscription;
			this.actual.onSubscribe(this);
		}

		@Override
		public void onNext(Void value) {
		}

		@Override
		public void onError(Throwable error) {
			if (stopping()) {
				this.observation.error(error);
				this.observation.stop();
			}
			this.actual.onError(error);
		}

		@Override
		public void onComplete() {
			if (stopping()) {
				Throwable error = this.exchange.error();
				if (error != null) {
					this.observation.error(error);
				}
				this.observation.stop();
			}
			this.actual.onComplete();
		}

		@Override
		public void request(long n) {
			this.upstream.request(n);
		}

		@Override
		public void cancel() {
			if (stopping()) {
				this.context.markConnectionAborted(this.exchange.committed());
				this.observation.stop();
			}
			this.upstream.cancel();
		}

		private boolean stopping() {
			return STOPPED.compareAndSet(this, 0, 1);
		}

	}

}
