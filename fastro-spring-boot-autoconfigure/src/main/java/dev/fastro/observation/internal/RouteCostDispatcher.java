package dev.fastro.observation.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import dev.fastro.http.internal.Exchange;
import dev.fastro.http.internal.ExchangeDispatcher;
import dev.fastro.observation.FastroServerObservationContext;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * Records what each request costs, as the distribution summaries
 * {@code http.server.requests.cpu} (seconds of CPU time) and
 * {@code http.server.requests.allocated} (bytes allocated on the heap), tagged with the
 * {@code uri} and {@code method} that its {@code http.server.requests} observation has
 * when it stops. It runs inside the {@link ObservedDispatcher}, whose observation gives
 * the keys, and only when route cost is on.
 * <p>
 * Counted: the reads of the request's connection on the event loop that served it
 * ({@link RouteCostReads}), from the read of the socket through decoding, request hooks,
 * routing, middleware, the handler and the writing of a synchronous answer; where no read
 * is measured, what runs on the event loop while the answer is subscribed to; and each
 * task the request schedules meanwhile on the blocking scheduler (a blocking handler, and
 * what follows it on that thread, such as writing its result), measured on that thread.
 * Not counted: what runs later in callbacks, such as the rest of a streamed or
 * asynchronous answer and a {@code Mono} completing on another thread, and the event
 * loop's work between reads, such as waiting for the sockets.
 */
public final class RouteCostDispatcher implements ExchangeDispatcher {

	private static final double NANOS_PER_SECOND = 1_000_000_000d;

	private final ExchangeDispatcher dispatcher;

	private final ObservationRegistry observations;

	private final MeterRegistry registry;

	// By the observation's low-cardinality key values, which the default convention
	// gives as the same object for the sets requests repeat.
	private final Map<KeyValues, Summaries> summaries = new ConcurrentHashMap<>();

	/**
	 * Wraps a dispatcher.
	 * @param dispatcher the dispatcher whose requests are measured, already inside their
	 * observation
	 * @param observations the registry whose current observation is the request's
	 * @param registry the registry the summaries are registered in
	 * @throws IllegalStateException if the JVM cannot measure a thread's CPU time and
	 * allocations
	 */
	public RouteCostDispatcher(ExchangeDispatcher dispatcher, ObservationRegistry observations,
			MeterRegistry registry) {
		RouteCost.checkSupported();
		this.dispatcher = dispatcher;
		this.observations = observations;
		this.registry = registry;
		registry.config().onMeterRemoved((meter) -> this.summaries.clear());
	}

	@Override
	public Publisher<Void> dispatch(Exchange exchange) {
		Observation observation = this.observations.getCurrentObservation();
		// A request that is not observed (a predicate left it out) has no keys to record
		// its cost with.
		if (observation != null && observation.getContext() instanceof FastroServerObservationContext context) {
			return new MeasuredAnswer(exchange, new RouteCost(context, this));
		}
		RouteCostReads.unmeasured();
		return this.dispatcher.dispatch(exchange);
	}

	void record(RouteCost cost) {
		FastroServerObservationContext context = cost.context();
		KeyValues keyValues = context.getLowCardinalityKeyValues();
		Summaries meters = this.summaries.get(keyValues);
		if (meters == null) {
			meters = this.summaries.computeIfAbsent(keyValues, (key) -> new Summaries(context.getName(), key));
		}
		meters.cpu.record(cost.cpuNanos() / NANOS_PER_SECOND);
		meters.allocated.record(cost.allocatedBytes());
	}

	/**
	 * The two summaries of one {@code uri} and {@code method}.
	 */
	private final class Summaries {

		private final DistributionSummary cpu;

		private final DistributionSummary allocated;

		Summaries(String name, KeyValues keyValues) {
			Tags tags = Tags.empty();
			for (KeyValue keyValue : keyValues) {
				if (keyValue.getKey().equals("method") || keyValue.getKey().equals("uri")) {
					tags = tags.and(keyValue.getKey(), keyValue.getValue());
				}
			}
			this.cpu = DistributionSummary.builder(name + ".cpu")
				.description("The CPU time the requests spent on the threads that ran their work")
				.baseUnit("seconds")
				.tags(tags)
				.register(RouteCostDispatcher.this.registry);
			this.allocated = DistributionSummary.builder(name + ".allocated")
				.description("The heap memory the requests allocated on the threads that ran their work")
				.baseUnit(BaseUnits.BYTES)
				.tags(tags)
				.register(RouteCostDispatcher.this.registry);
		}

	}

	/**
	 * One exchange's answer: joins the read of the connection it is dispatched in, which
	 * measures it, or measures its subscription itself where no read is measured, as for
	 * a request started once the answer before it has been written; and ends the
	 * request's own part of its cost once, when the answer completes, fails or is
	 * cancelled, after the observation around it has stopped and so has its keys.
	 */
	private final class MeasuredAnswer extends Mono<Void> implements CoreSubscriber<Void>, Subscription {

		private static final AtomicIntegerFieldUpdater<MeasuredAnswer> ENDED = AtomicIntegerFieldUpdater
			.newUpdater(MeasuredAnswer.class, "ended");

		private final Exchange exchange;

		private final RouteCost cost;

		private CoreSubscriber<? super Void> actual;

		private Subscription upstream;

		private volatile int ended;

		MeasuredAnswer(Exchange exchange, RouteCost cost) {
			this.exchange = exchange;
			this.cost = cost;
		}

		@Override
		public void subscribe(CoreSubscriber<? super Void> actual) {
			this.actual = actual;
			Runnable dispatch = () -> RouteCostDispatcher.this.dispatcher.dispatch(this.exchange).subscribe(this);
			if (RouteCostReads.join(this.cost)) {
				this.cost.run(dispatch);
			}
			else {
				this.cost.partStarted();
				this.cost.measure(dispatch);
			}
		}

		@Override
		public Context currentContext() {
			return this.actual.currentContext();
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
			this.actual.onError(error);
			end();
		}

		@Override
		public void onComplete() {
			this.actual.onComplete();
			end();
		}

		@Override
		public void request(long n) {
			this.upstream.request(n);
		}

		@Override
		public void cancel() {
			this.upstream.cancel();
			end();
		}

		private void end() {
			if (ENDED.compareAndSet(this, 0, 1)) {
				this.cost.partEnded();
			}
		}

	}

}
