package dev.fastro.observation.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Function;

import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The blocking scheduler, charging each task scheduled while a request is dispatched or
 * worked for to that request's cost, measured on the thread that runs it: how a blocking
 * handler's work counts across the hop. Tasks scheduled with a delay or periodically, and
 * tasks scheduled outside of a request, run as they would without it.
 */
public final class RouteCostScheduler implements Scheduler {

	private final Scheduler scheduler;

	/**
	 * Wraps a scheduler.
	 * @param scheduler the scheduler that runs the tasks
	 */
	public RouteCostScheduler(Scheduler scheduler) {
		this.scheduler = scheduler;
	}

	@Override
	public Disposable schedule(Runnable task) {
		RouteCost cost = RouteCost.current();
		if (cost == null) {
			return this.scheduler.schedule(task);
		}
		MeasuredTask measured = new MeasuredTask(cost, task);
		return measured.scheduledBy(this.scheduler::schedule);
	}

	@Override
	public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
		return this.scheduler.schedule(task, delay, unit);
	}

	@Override
	public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
		return this.scheduler.schedulePeriodically(task, initialDelay, period, unit);
	}

	@Override
	public long now(TimeUnit unit) {
		return this.scheduler.now(unit);
	}

	@Override
	public Worker createWorker() {
		return new MeasuringWorker(this.scheduler.createWorker());
	}

	@Override
	public void dispose() {
		this.scheduler.dispose();
	}

	@Override
	public Mono<Void> disposeGracefully() {
		return this.scheduler.disposeGracefully();
	}

	@Override
	public boolean isDisposed() {
		return this.scheduler.isDisposed();
	}

	@Override
	public void init() {
		this.scheduler.init();
	}

	@Override
	@SuppressWarnings("deprecation")
	public void start() {
		this.scheduler.start();
	}

	@Override
	public String toString() {
		return this.scheduler.toString();
	}

	/**
	 * A worker whose tasks are charged as the scheduler's are. Reactor cancels a task
	 * that has not run yet by disposing of its worker, so the worker ends the parts of
	 * the tasks it still holds.
	 */
	private static final class MeasuringWorker implements Worker {

		private final Worker worker;

		private final Disposable.Composite tasks = Disposables.composite();

		MeasuringWorker(Worker worker) {
			this.worker = worker;
		}

		@Override
		public Disposable schedule(Runnable task) {
			RouteCost cost = RouteCost.current();
			if (cost == null) {
				return this.worker.schedule(task);
			}
			MeasuredTask measured = new MeasuredTask(cost, task);
			this.tasks.add(measured);
			return measured.scheduledBy(this.worker::schedule);
		}

		@Override
		public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
			return this.worker.schedule(task, delay, unit);
		}

		@Override
		public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
			return this.worker.schedulePeriodically(task, initialDelay, period, unit);
		}

		@Override
		public void dispose() {
			this.tasks.dispose();
			this.worker.dispose();
		}

		@Override
		public boolean isDisposed() {
			return this.worker.isDisposed();
		}

	}

	/**
	 * A task charged to a request: a part of its cost from when it is scheduled, ended
	 * once, when it has run or when it is disposed of before it runs.
	 */
	private static final class MeasuredTask implements Runnable, Disposable {

		private static final AtomicIntegerFieldUpdater<MeasuredTask> CLAIMED = AtomicIntegerFieldUpdater
			.newUpdater(MeasuredTask.class, "claimed");

		private final RouteCost cost;

		private final Runnable task;

		private volatile Disposable scheduled;

		private volatile int claimed;

		MeasuredTask(RouteCost cost, Runnable task) {
			this.cost = cost;
			this.task = task;
			cost.partStarted();
		}

		/**
		 * Schedules this task; one refused, by a scheduler disposed of or full, is
		 * disposed of at once, so that the request's cost is still recorded.
		 */
		MeasuredTask scheduledBy(Function<Runnable, Disposable> scheduler) {
			try {
				this.scheduled = scheduler.apply(this);
			}
			catch (RuntimeException ex) {
				dispose();
				throw ex;
			}
			return this;
		}

		@Override
		public void run() {
			if (claim()) {
				this.cost.measure(this.task);
			}
			else {
				this.task.run();
			}
		}

		@Override
		public void dispose() {
			if (claim()) {
				this.cost.partEnded();
			}
			Disposable scheduled = this.scheduled;
			if (scheduled != null) {
				scheduled.dispose();
			}
		}

		@Override
		public boolean isDisposed() {
			Disposable scheduled = this.scheduled;
			return scheduled != null && scheduled.isDisposed();
		}

		private boolean claim() {
			return CLAIMED.compareAndSet(this, 0, 1);
		}

	}

}
