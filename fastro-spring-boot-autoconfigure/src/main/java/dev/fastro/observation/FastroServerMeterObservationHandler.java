package dev.fastro.observation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.Function;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.MeterObservationHandler;
import io.micrometer.observation.Observation;

/**
 * Records the {@code http.server.requests} observations of Fastro's server with the
 * meters Micrometer's {@link DefaultMeterObservationHandler} makes (a timer tagged with
 * the low-cardinality key values and {@code error}, a long task timer named
 * {@code <name>.active}, a counter per event), but keeps each meter it has made for the
 * key-value set it was made for. Micrometer's handler builds the tags, the meter's id and
 * a registry lookup at the start and again at the stop of every observation, which was
 * about half of what observing a request cost.
 * <p>
 * A set of key values that the convention gives again as the same object, as Fastro's
 * default convention gives every set requests repeat, finds its meter by that identity,
 * without hashing the set; any other set finds it by equality. Meter filters apply as
 * usual, since every meter is still registered through the registry once; a meter removed
 * from the registry empties the cache, so that the next request registers it again.
 * <p>
 * A request becomes a task of the long task timer when it outlives the scope its handler
 * was called in, that is when its answer is still pending as the event loop moves on: a
 * blocking, asynchronous or streamed answer. One answered within that scope is never
 * active while the event loop could do anything else, and adding it to the timer's tasks
 * and removing it a few microseconds later was a fifth of what observing it cost. A
 * scrape taken at that very moment on another thread does not count it; the long task
 * timer itself is still registered at the request's start, with the key values of the
 * start, as Micrometer's handler registers it.
 */
public class FastroServerMeterObservationHandler implements MeterObservationHandler<FastroServerObservationContext> {

	private final MeterRegistry registry;

	private final boolean longTaskTimers;

	private final Meters<Timer> timers;

	private final Meters<LongTaskTimer> activeTimers;

	/**
	 * Creates a handler.
	 * @param registry the registry its meters are registered in
	 * @param longTaskTimers whether an observation that outlives its scope is also a long
	 * task timer's task (Micrometer's handler makes every observation one unless told to
	 * ignore them)
	 */
	public FastroServerMeterObservationHandler(MeterRegistry registry, boolean longTaskTimers) {
		this.registry = registry;
		this.longTaskTimers = longTaskTimers;
		this.timers = new Meters<>((key) -> Timer.builder(key.name()).tags(key.tags()).register(registry));
		this.activeTimers = new Meters<>(
				(key) -> LongTaskTimer.builder(key.name() + ".active").tags(key.tags()).register(registry));
		registry.config().onMeterRemoved((meter) -> {
			this.timers.clear();
			this.activeTimers.clear();
		});
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return context instanceof FastroServerObservationContext;
	}

	@Override
	public void onStart(FastroServerObservationContext context) {
		LongTaskTimer activeTimer = null;
		if (this.longTaskTimers) {
			activeTimer = this.activeTimers.get(context.getName(), context.getLowCardinalityKeyValues(), null);
		}
		context.meterSamples(new Samples(this, this.registry.config().clock().monotonicTime(), activeTimer));
	}

	@Override
	public void onScopeClosed(FastroServerObservationContext context) {
		Samples samples = context.meterSamples(this);
		if (samples != null) {
			samples.outlivedScope();
		}
	}

	@Override
	public void onStop(FastroServerObservationContext context) {
		Samples samples = context.meterSamples(this);
		if (samples == null) {
			return;
		}
		Throwable error = context.getError();
		Timer timer = this.timers.get(context.getName(), context.getLowCardinalityKeyValues(),
				(error != null) ? error.getClass().getSimpleName() : KeyValue.NONE_VALUE);
		timer.record(this.registry.config().clock().monotonicTime() - samples.start, TimeUnit.NANOSECONDS);
		samples.stopped();
	}

	@Override
	public void onEvent(Observation.Event event, FastroServerObservationContext context) {
		MeterKey key = new MeterKey(context.getName(), context.getLowCardinalityKeyValues(), null);
		Counter.builder(key.name() + "." + event.getName()).tags(key.tags()).register(this.registry).increment();
	}

	/**
	 * What one observation has started, and which handler started it: the start is kept
	 * as the registry's clock read it, as a {@link Timer.Sample} would keep it, and the
	 * long task, once the observation has outlived a scope, in {@code active}. The first
	 * of the stop and the end of a scope to change {@code active} decides whether there
	 * is a task to stop, whichever threads they come on.
	 */
	static final class Samples {

		private static final Object STOPPED = new Object();

		private static final AtomicReferenceFieldUpdater<Samples, Object> ACTIVE = AtomicReferenceFieldUpdater
			.newUpdater(Samples.class, Object.class, "active");

		final FastroServerMeterObservationHandler handler;

		final long start;

		private final LongTaskTimer activeTimer;

		private volatile Object active;

		Samples(FastroServerMeterObservationHandler handler, long start, LongTaskTimer activeTimer) {
			this.handler = handler;
			this.start = start;
			this.activeTimer = activeTimer;
		}

		void outlivedScope() {
			if (this.activeTimer == null || this.active != null) {
				return;
			}
			LongTaskTimer.Sample task = this.activeTimer.start();
			if (!ACTIVE.compareAndSet(this, null, task)) {
				task.stop();
			}
		}

		void stopped() {
			if (this.activeTimer == null) {
				return;
			}
			Object task = ACTIVE.getAndSet(this, STOPPED);
			if (task instanceof LongTaskTimer.Sample sample) {
				sample.stop();
			}
		}

	}

	/**
	 * The meters of one kind the handler has made. The table remembers, slot by slot, the
	 * last set of key values seen there and its meter; its entries are records, whose
	 * final fields another event loop reads whole, and a lost race only costs a lookup.
	 */
	private static final class Meters<M> {

		private final Map<MeterKey, M> byKey = new ConcurrentHashMap<>();

		private final Entry<?>[] table = new Entry<?>[64];

		private final Function<MeterKey, M> register;

		Meters(Function<MeterKey, M> register) {
			this.register = register;
		}

		@SuppressWarnings("unchecked")
		M get(String name, KeyValues keyValues, String error) {
			int hash = 31 * System.identityHashCode(keyValues) + System.identityHashCode(error);
			int slot = (hash ^ (hash >>> 16)) & (this.table.length - 1);
			Entry<M> entry = (Entry<M>) this.table[slot];
			if (entry != null && entry.keyValues() == keyValues && entry.error() == error && entry.name() == name) {
				return entry.meter();
			}
			MeterKey key = new MeterKey(name, keyValues, error);
			M meter = this.byKey.get(key);
			if (meter == null) {
				meter = this.byKey.computeIfAbsent(key, this.register);
			}
			this.table[slot] = new Entry<>(name, keyValues, error, meter);
			return meter;
		}

		void clear() {
			this.byKey.clear();
			Arrays.fill(this.table, null);
		}

		private record Entry<M>(String name, KeyValues keyValues, String error, M meter) {

		}

	}

	/**
	 * What identifies a meter before the registry's filters: the observation's name, its
	 * low-cardinality key values and, for a timer, its {@code error} tag.
	 */
	private record MeterKey(String name, KeyValues keyValues, String error) {

		List<Tag> tags() {
			List<Tag> tags = new ArrayList<>();
			for (KeyValue keyValue : this.keyValues) {
				tags.add(Tag.of(keyValue.getKey(), keyValue.getValue()));
			}
			if (this.error != null) {
				tags.add(Tag.of("error", this.error));
			}
			return tags;
		}

	}

}
