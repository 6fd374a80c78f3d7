package dev.fastro.observation.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.epoll.AbstractEpollStreamChannel;
import io.netty.channel.nio.AbstractNioByteChannel;
import io.netty.util.UncheckedBooleanSupplier;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * Measures each read of one connection on its event loop, from the transport's read of
 * the socket (or, on a transport that reads ahead, from the bytes' arrival at the
 * handlers) through decoding, routing, the handler and the synchronous writing of the
 * answer, and charges it to the request it served: the one dispatched in it; else the one
 * in flight on the connection, whose streamed body it carries say; else the next one
 * dispatched on the connection, whose head or body it carries. A read that carries
 * several requests is cut where each is dispatched. What the connection reads for no
 * request that is measured is not counted. Put first in the pipeline of each connection,
 * and only when route cost is on.
 */
public final class RouteCostReads extends ChannelInboundHandlerAdapter {

	// The read being measured on this event loop, which the requests it dispatches join.
	private static final FastThreadLocal<RouteCostReads> READING = new FastThreadLocal<>();

	/** What the thread had spent when the read, or its part being measured, began. */
	private long cpuNanos;

	private long allocatedBytes;

	/** Whether the clocks were read as the transport began reading the socket. */
	private boolean socketReadStarted;

	/** The request dispatched in the read, charged with what the read costs. */
	private RouteCost dispatched;

	/** The request last dispatched on the connection, while it is not recorded. */
	private RouteCost inFlight;

	/** What the reads since the last request cost, for the next one. */
	private long carriedCpuNanos;

	private long carriedAllocatedBytes;

	/**
	 * Where the transport reads the socket into a buffer it has just allocated, as the
	 * NIO and epoll transports do, starts measuring each read there, before the buffer
	 * and the system call. Other transports, such as io_uring, which asks for a read
	 * before other connections' work and gets its bytes after, are measured from the
	 * handlers on.
	 */
	@Override
	public void handlerAdded(ChannelHandlerContext ctx) {
		Channel channel = ctx.channel();
		if (channel instanceof AbstractEpollStreamChannel || channel instanceof AbstractNioByteChannel) {
			ChannelConfig config = channel.config();
			RecvByteBufAllocator allocator = config.getRecvByteBufAllocator();
			config.setRecvByteBufAllocator(() -> new SocketReads(allocator.newHandle()));
		}
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		RouteCostReads outer = READING.get();
		READING.set(this);
		if (this.socketReadStarted) {
			this.socketReadStarted = false;
		}
		else {
			this.cpuNanos = RouteCost.threadCpuNanos();
			this.allocatedBytes = RouteCost.threadAllocatedBytes();
		}
		try {
			ctx.fireChannelRead(msg);
		}
		finally {
			READING.set(outer);
			readEnded(RouteCost.threadCpuNanos() - this.cpuNanos,
					RouteCost.threadAllocatedBytes() - this.allocatedBytes);
		}
	}

	/**
	 * Has a request dispatched on this thread join the read being measured, if any: the
	 * read charges the request with what it costs, as a part that ends with it.
	 * @param cost the request's cost
	 * @return whether a read is measured here, so that the request need not measure its
	 * dispatch itself
	 */
	static boolean join(RouteCost cost) {
		RouteCostReads read = READING.get();
		if (read == null) {
			return false;
		}
		read.dispatched(cost);
		return true;
	}

	/**
	 * A request that is not measured is dispatched on this thread: what its connection
	 * read for it is not charged to the next.
	 */
	static void unmeasured() {
		RouteCostReads read = READING.get();
		if (read != null) {
			read.carriedCpuNanos = 0;
			read.carriedAllocatedBytes = 0;
		}
	}

	private void dispatched(RouteCost cost) {
		cost.partStarted();
		RouteCost previous = this.dispatched;
		if (previous != null) {
			// Pipelined behind another in the same read: the read is cut here.
			long cpuNanos = RouteCost.threadCpuNanos();
			long allocatedBytes = RouteCost.threadAllocatedBytes();
			previous.add(cpuNanos - this.cpuNanos, allocatedBytes - this.allocatedBytes);
			previous.partEnded();
			this.cpuNanos = cpuNanos;
			this.allocatedBytes = allocatedBytes;
		}
		else {
			cost.add(this.carriedCpuNanos, this.carriedAllocatedBytes);
			this.carriedCpuNanos = 0;
			this.carriedAllocatedBytes = 0;
		}
		this.dispatched = cost;
		this.inFlight = cost;
	}

	private void readEnded(long cpuNanos, long allocatedBytes) {
		RouteCost charged = this.dispatched;
		this.dispatched = null;
		if (charged == null && this.inFlight != null && this.inFlight.partStartedIfPending()) {
			charged = this.inFlight;
		}
		if (charged != null) {
			charged.add(cpuNanos, allocatedBytes);
			charged.partEnded();
		}
		else {
			this.carriedCpuNanos += cpuNanos;
			this.carriedAllocatedBytes += allocatedBytes;
		}
		if (this.inFlight != null && this.inFlight.isRecorded()) {
			// Answered: the connection holds on to it no longer.
			this.inFlight = null;
		}
	}

	/**
	 * The transport's handle on the reads of the connection, which reads the clocks as a
	 * read of the socket begins; a read that brings no bytes fires no read, and is left
	 * out.
	 */
	private final class SocketReads extends RecvByteBufAllocator.DelegatingHandle
			implements RecvByteBufAllocator.ExtendedHandle {

		SocketReads(RecvByteBufAllocator.Handle handle) {
			super(handle);
		}

		@Override
		public ByteBuf allocate(ByteBufAllocator allocator) {
			RouteCostReads.this.cpuNanos = RouteCost.threadCpuNanos();
			RouteCostReads.this.allocatedBytes = RouteCost.threadAllocatedBytes();
			RouteCostReads.this.socketReadStarted = true;
			return super.allocate(allocator);
		}

		@Override
		public void lastBytesRead(int bytes) {
			if (bytes <= 0) {
				RouteCostReads.this.socketReadStarted = false;
			}
			super.lastBytesRead(bytes);
		}

		@Override
		public boolean continueReading(UncheckedBooleanSupplier maybeMoreData) {
			return (delegate() instanceof RecvByteBufAllocator.ExtendedHandle extended)
					? extended.continueReading(maybeMoreData) : delegate().continueReading();
		}

	}

}
