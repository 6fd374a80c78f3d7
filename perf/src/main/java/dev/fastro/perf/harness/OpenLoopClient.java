package dev.fastro.perf.harness;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;

/**
 * The overload experiment's client, in the manner of wrk2: requests go out on a fixed
 * schedule whatever the answers (an open loop), and each one's latency runs from the time
 * the schedule meant to send it, so a server that stalls is charged for every request it
 * held back, not only for the few that were waiting (coordinated omission).
 *
 * <p>
 * Netty's HTTP client codec on one event-loop thread of this JVM (epoll when available),
 * which keeps all of a run's state, so none of it is shared between threads. Each
 * connection carries one request at a time, as HTTP/1.1 without pipelining does. A run
 * opens {@link #PREOPENED} connections before its schedule starts, and opens another
 * whenever a request is due and none is free, up to {@link #MAX_CONNECTIONS}; beyond that
 * a request waits for a free one, and the wait counts in its latency. A request not
 * answered {@code timeout} after its time is counted as timed out and its connection
 * closed (HTTP/1.1 cannot take back a request).
 *
 * <p>
 * The same client also drives a closed loop ({@link #closedLoop}), each connection
 * sending its next request as soon as the last is answered, to find a server's capacity.
 */
final class OpenLoopClient implements AutoCloseable {

	/** Connections opened before a run's schedule starts. */
	static final int PREOPENED = 256;

	/**
	 * The most connections a run holds, kept under the file-descriptor limit of 20,000
	 * that {@code perf/run} raises its own and its servers' limit to on this machine.
	 */
	static final int MAX_CONNECTIONS = 16_000;

	/**
	 * How often the schedule is looked at: a request is sent at most this late, which its
	 * latency includes.
	 */
	private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	/** How often the requests in flight are checked for their timeout. */
	private static final long TIMEOUT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	/** The run's view of a channel, set once it is connected. */
	private static final AttributeKey<Connection> CONNECTION = AttributeKey.valueOf(OpenLoopClient.class, "connection");

	private final EventLoopGroup group;

	private final Class<? extends Channel> channelType;

	/**
	 * Connections opened over the client's life, which picks each one's local address
	 * ({@link LiveClient#sourceAddress(int)}), so that connections of an earlier run
	 * still in {@code TIME_WAIT} leave ports to the next.
	 */
	private int connectionsOpened;

	OpenLoopClient() {
		boolean epoll = Epoll.isAvailable();
		this.group = new MultiThreadIoEventLoopGroup(1,
				epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
		this.channelType = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
	}

	/**
	 * Sends {@code GET target} at {@code leadInRate} per second for {@code leadIn}, not
	 * recorded, then at {@code rate} per second for {@code duration}, recording every
	 * request of that window, and waits until each of them is answered or timed out.
	 * @param server the server
	 * @param target the request's path
	 * @param expectedBody the body of a correct {@code 2xx} answer
	 * @param leadInRate requests per second before the window
	 * @param leadIn how long before the window
	 * @param rate requests per second in the window
	 * @param duration the window
	 * @param timeout how long after its time a request may take
	 * @return what became of the window's requests
	 * @throws InterruptedException if interrupted while waiting
	 */
	OverloadTally.Result openLoop(URI server, String target, String expectedBody, double leadInRate, Duration leadIn,
			double rate, Duration duration, Duration timeout) throws InterruptedException {
		Schedule schedule = new Schedule(leadInRate, leadIn.toNanos(), rate, duration.toNanos());
		return run(new Run(server, target, expectedBody, timeout, schedule, 0, 0));
	}

	/**
	 * Sends {@code GET target} on {@code connections} connections, each sending its next
	 * request as soon as the last is answered, for {@code duration}, recording every
	 * request sent in it, and waits until each is answered or timed out.
	 * @param server the server
	 * @param target the request's path
	 * @param expectedBody the body of a correct {@code 2xx} answer
	 * @param connections the connections, each with one request in flight
	 * @param duration how long requests are sent
	 * @param timeout how long a request may take
	 * @return what became of the requests
	 * @throws InterruptedException if interrupted while waiting
	 */
	OverloadTally.Result closedLoop(URI server, String target, String expectedBody, int connections, Duration duration,
			Duration timeout) throws InterruptedException {
		return run(new Run(server, target, expectedBody, timeout, null, connections, duration.toNanos()));
	}

	private OverloadTally.Result run(Run run) throws InterruptedException {
		run.loop.execute(run::start);
		try {
			return run.done.get();
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("the client failed", ex.getCause());
		}
		finally {
			run.loop.execute(run::stop);
			run.channels.close().awaitUninterruptibly();
		}
	}

	@Override
	public void close() {
		this.group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
	}

	/**
	 * When an open loop's requests are due: {@code leadInRate} per second for
	 * {@code leadInNanos}, then {@code rate} per second for {@code windowNanos}; the
	 * {@code i}-th request of each phase is due {@code i / rate} seconds after the phase
	 * starts.
	 *
	 * @param leadInRate requests per second before the window
	 * @param leadInNanos how long before the window
	 * @param rate requests per second in the window
	 * @param windowNanos how long the window lasts
	 */
	record Schedule(double leadInRate, long leadInNanos, double rate, long windowNanos) {

		/** How many requests the lead-in sends. */
		long leadInRequests() {
			return (long) Math.ceil(this.leadInNanos * this.leadInRate / 1e9);
		}

		/** How many requests the window sends: those due before it ends. */
		long windowRequests() {
			return (long) Math.ceil(this.windowNanos * this.rate / 1e9);
		}

		/**
		 * When the {@code index}-th request is due, counting the lead-in's first.
		 * @param index the request's index, from 0
		 * @return nanoseconds after the lead-in starts
		 */
		long due(long index) {
			long leadIn = leadInRequests();
			if (index < leadIn) {
				return (long) (index * 1e9 / this.leadInRate);
			}
			return this.leadInNanos + (long) ((index - leadIn) * 1e9 / this.rate);
		}

		/**
		 * Whether the {@code index}-th request is in the measured window.
		 * @param index the request's index, from 0
		 * @return {@code true} past the lead-in
		 */
		boolean measured(long index) {
			return index >= leadInRequests();
		}

		/** How many requests the whole schedule sends. */
		long requests() {
			return leadInRequests() + windowRequests();
		}

	}

	/**
	 * A request due at {@code dueNanos} ({@code System.nanoTime()}), and whether it is
	 * recorded.
	 */
	private record DueRequest(long dueNanos, boolean measured) {

	}

	/** A connection and the request in flight on it, if any. */
	private static final class Connection {

		final Channel channel;

		DueRequest inFlight;

		Connection(Channel channel) {
			this.channel = channel;
		}

	}

	/** A request in flight on a connection, in the order they were sent. */
	private record Sent(Connection connection, DueRequest request) {

	}

	/** One run, all its state on {@link #loop}. */
	private final class Run {

		final EventLoop loop = OpenLoopClient.this.group.next();

		final CompletableFuture<OverloadTally.Result> done = new CompletableFuture<>();

		final ChannelGroup channels = new DefaultChannelGroup(this.loop);

		private final Bootstrap bootstrap;

		private final URI server;

		private final String target;

		private final ByteBuf expectedBody;

		private final long timeoutNanos;

		private final Schedule schedule;

		/** The closed loop's connections, 0 for an open loop. */
		private final int closedConnections;

		/** How long the closed loop sends. */
		private final long closedNanos;

		private final OverloadTally tally = new OverloadTally();

		private final ArrayDeque<Connection> idle = new ArrayDeque<>();

		/** Requests due, waiting for a connection, oldest first. */
		private final ArrayDeque<DueRequest> waiting = new ArrayDeque<>();

		/** Requests sent, oldest first; those answered since are skipped. */
		private final ArrayDeque<Sent> sent = new ArrayDeque<>();

		private int open;

		/** The preopened connections opened or failed so far. */
		private int preopened;

		private long start;

		private long next;

		private long measuredOutstanding;

		private boolean sending = true;

		private ScheduledFuture<?> ticker;

		private ScheduledFuture<?> timeouts;

		Run(URI server, String target, String expectedBody, Duration timeout, Schedule schedule, int closedConnections,
				long closedNanos) {
			this.server = server;
			this.target = target;
			this.expectedBody = Unpooled
				.unreleasableBuffer(Unpooled.wrappedBuffer(expectedBody.getBytes(StandardCharsets.UTF_8)));
			this.timeoutNanos = timeout.toNanos();
			this.schedule = schedule;
			this.closedConnections = closedConnections;
			this.closedNanos = closedNanos;
			this.bootstrap = new Bootstrap().group(this.loop)
				.channel(OpenLoopClient.this.channelType)
				.option(ChannelOption.TCP_NODELAY, true)
				.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeout.toMillis())
				.handler(new ChannelInitializer<>() {
					@Override
					protected void initChannel(Channel ch) {
						ch.pipeline()
							.addLast(new HttpClientCodec(), new HttpObjectAggregator(64 * 1024), new Answers());
					}
				});
		}

		void start() {
			if (this.schedule == null) {
				this.start = System.nanoTime();
				for (int i = 0; i < this.closedConnections; i++) {
					dispatch(new DueRequest(this.start, true));
				}
				this.ticker = this.loop.schedule(this::stopSending, this.closedNanos, TimeUnit.NANOSECONDS);
			}
			else {
				// The schedule starts once the first connections are open, so that their
				// opening is not charged to the first requests.
				for (int i = 0; i < PREOPENED; i++) {
					connect();
				}
			}
			this.timeouts = this.loop.scheduleAtFixedRate(this::expire, TIMEOUT_CHECK_NANOS, TIMEOUT_CHECK_NANOS,
					TimeUnit.NANOSECONDS);
		}

		/** Starts the open loop's schedule, once every preopened connection is ready. */
		private void startSchedule() {
			this.start = System.nanoTime();
			this.ticker = this.loop.scheduleAtFixedRate(this::tick, 0, TICK_NANOS, TimeUnit.NANOSECONDS);
		}

		/** Sends every request of the schedule that is due. */
		private void tick() {
			long now = System.nanoTime();
			long total = this.schedule.requests();
			while (this.next < total) {
				long due = this.start + this.schedule.due(this.next);
				if (due > now) {
					return;
				}
				dispatch(new DueRequest(due, this.schedule.measured(this.next)));
				this.next++;
			}
			this.ticker.cancel(false);
			stopSending();
		}

		/** The schedule's, or the closed loop's, last request has been sent. */
		private void stopSending() {
			this.sending = false;
			finishIfDone();
		}

		private void dispatch(DueRequest request) {
			if (request.measured()) {
				this.measuredOutstanding++;
			}
			Connection connection = this.idle.poll();
			if (connection != null) {
				send(connection, request);
				return;
			}
			this.waiting.add(request);
			if (this.open < MAX_CONNECTIONS) {
				connect();
			}
		}

		private void connect() {
			this.open++;
			this.tally.connections(this.open);
			int index = OpenLoopClient.this.connectionsOpened++ % (254 * LiveClient.CONNECTIONS_PER_ADDRESS);
			ChannelFuture connecting = this.bootstrap.connect(
					new InetSocketAddress(this.server.getHost(), this.server.getPort()),
					LiveClient.sourceAddress(index));
			this.channels.add(connecting.channel());
			connecting.addListener(future -> {
				if (future.isSuccess()) {
					Connection connection = new Connection(connecting.channel());
					connecting.channel().attr(CONNECTION).set(connection);
					free(connection);
				}
				else {
					this.open--;
					this.tally.error("connecting: " + future.cause());
					// The request that wanted this connection fails with it.
					DueRequest request = this.waiting.poll();
					if (request != null) {
						complete(request, OverloadTally.Outcome.ERROR);
					}
				}
				if (this.schedule != null && this.ticker == null && ++this.preopened == PREOPENED) {
					startSchedule();
				}
			});
		}

		/** A connection ready for a request: the oldest waiting one, or the idle ones. */
		private void free(Connection connection) {
			DueRequest request = this.waiting.poll();
			if (request != null) {
				send(connection, request);
			}
			else if (this.schedule == null && this.sending) {
				// The closed loop: the next request at once, until its time is up.
				this.measuredOutstanding++;
				send(connection, new DueRequest(System.nanoTime(), true));
			}
			else {
				this.idle.add(connection);
			}
		}

		private void send(Connection connection, DueRequest request) {
			connection.inFlight = request;
			this.sent.add(new Sent(connection, request));
			FullHttpRequest get = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, this.target,
					Unpooled.EMPTY_BUFFER);
			get.headers().set(HttpHeaderNames.HOST, this.server.getHost() + ":" + this.server.getPort());
			connection.channel.writeAndFlush(get, connection.channel.voidPromise());
		}

		/** An answer came on a connection. */
		void answered(Connection connection, FullHttpResponse response) {
			DueRequest request = connection.inFlight;
			if (request == null) {
				return;
			}
			connection.inFlight = null;
			int status = response.status().code();
			OverloadTally.Outcome outcome;
			if (System.nanoTime() - request.dueNanos() >= this.timeoutNanos) {
				// Read after its timeout, which the timeout check, on this same busy
				// thread, had not yet seen: the client had given up on it.
				outcome = OverloadTally.Outcome.TIMEOUT;
			}
			else if (status == 503) {
				outcome = OverloadTally.Outcome.SHED;
			}
			else if (status >= 200 && status < 300 && ByteBufUtil.equals(response.content(), this.expectedBody)) {
				outcome = OverloadTally.Outcome.OK;
			}
			else {
				outcome = OverloadTally.Outcome.OTHER;
			}
			complete(request, outcome);
			if (this.schedule != null) {
				long sinceWindow = System.nanoTime() - this.start - this.schedule.leadInNanos();
				if (sinceWindow >= 0 && sinceWindow < this.schedule.windowNanos()) {
					this.tally.answeredInWindow(outcome == OverloadTally.Outcome.OK);
				}
			}
			if (HttpUtil.isKeepAlive(response)) {
				free(connection);
			}
			else {
				connection.channel.close();
			}
		}

		/** A connection closed: its request, if any, failed. */
		void closed(Connection connection) {
			this.open--;
			this.idle.remove(connection);
			DueRequest request = connection.inFlight;
			if (request != null) {
				connection.inFlight = null;
				complete(request, OverloadTally.Outcome.ERROR);
			}
			if (!this.waiting.isEmpty() && this.open < MAX_CONNECTIONS && !this.done.isDone()) {
				connect();
			}
		}

		/** Times out the requests, sent or waiting, whose time is up. */
		private void expire() {
			long now = System.nanoTime();
			while (!this.waiting.isEmpty() && now - this.waiting.peek().dueNanos() >= this.timeoutNanos) {
				complete(this.waiting.poll(), OverloadTally.Outcome.TIMEOUT);
			}
			while (!this.sent.isEmpty()) {
				Sent oldest = this.sent.peek();
				if (oldest.connection().inFlight != oldest.request()) {
					this.sent.poll();
				}
				else if (now - oldest.request().dueNanos() >= this.timeoutNanos) {
					this.sent.poll();
					oldest.connection().inFlight = null;
					complete(oldest.request(), OverloadTally.Outcome.TIMEOUT);
					oldest.connection().channel.close();
				}
				else {
					break;
				}
			}
		}

		private void complete(DueRequest request, OverloadTally.Outcome outcome) {
			if (!request.measured()) {
				return;
			}
			long latency = (outcome == OverloadTally.Outcome.TIMEOUT) ? this.timeoutNanos
					: System.nanoTime() - request.dueNanos();
			this.tally.record(outcome, latency);
			this.measuredOutstanding--;
			finishIfDone();
		}

		private void finishIfDone() {
			if (!this.sending && this.measuredOutstanding == 0 && !this.done.isDone()) {
				this.done.complete(this.tally.result());
			}
		}

		void stop() {
			if (this.ticker != null) {
				this.ticker.cancel(false);
			}
			if (this.timeouts != null) {
				this.timeouts.cancel(false);
			}
		}

		/** Hands every answer, and every closed connection, to the run. */
		private final class Answers extends SimpleChannelInboundHandler<FullHttpResponse> {

			@Override
			protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
				Connection connection = ctx.channel().attr(CONNECTION).get();
				if (connection != null) {
					answered(connection, response);
				}
			}

			@Override
			public void channelInactive(ChannelHandlerContext ctx) {
				Connection connection = ctx.channel().attr(CONNECTION).get();
				if (connection != null) {
					closed(connection);
				}
			}

			@Override
			public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
				Run.this.tally.error(cause.toString());
				ctx.close();
			}

		}

	}

}
