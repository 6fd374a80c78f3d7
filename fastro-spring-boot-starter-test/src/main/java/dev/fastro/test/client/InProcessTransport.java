package dev.fastro.test.client;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import dev.fastro.http.Context;
import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The {@link Transport} of the in-process client: what the server would write to its
 * socket is kept in the request's {@link InProcessCall} instead, framed as the server
 * frames it.
 */
final class InProcessTransport implements Transport<InProcessCall> {

	static final InProcessTransport INSTANCE = new InProcessTransport();

	private static final InetSocketAddress CLIENT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 50000);

	private InProcessTransport() {
	}

	@Override
	public void prepare(InProcessCall call, Context ctx) {
		call.prepare(ctx);
	}

	@Override
	public InetSocketAddress remoteAddress(InProcessCall call) {
		return CLIENT;
	}

	@Override
	public String scheme(InProcessCall call) {
		return "http";
	}

	@Override
	public String host(InProcessCall call) {
		return call.host();
	}

	@Override
	public int port(InProcessCall call) {
		return call.port();
	}

	@Override
	public ByteBufAllocator alloc(InProcessCall call) {
		return ByteBufAllocator.DEFAULT;
	}

	@Override
	public Publisher<Void> send(InProcessCall call, int status, ByteBuf body) {
		return Mono.fromRunnable(() -> {
			try {
				call.answer(status, ByteBufUtil.getBytes(body), false);
			}
			finally {
				body.release();
			}
		});
	}

	@Override
	public boolean committed(InProcessCall call) {
		return call.answered();
	}

	@Override
	public Publisher<Void> stream(InProcessCall call, int status, Publisher<ByteBuf> body) {
		return Flux.from(body)
			.reduceWith(ByteArrayOutputStream::new, InProcessTransport::append)
			.doOnNext((bytes) -> call.answer(status, bytes.toByteArray(), true))
			.then();
	}

	/**
	 * Reads the file's bytes whole, off the caller's thread, and keeps them framed by
	 * their length, as the server sends a file.
	 */
	@Override
	public Publisher<Void> sendFile(InProcessCall call, int status, FileChannel file, long position, long count) {
		return Mono.fromCallable(() -> read(file, position, count))
			.subscribeOn(Schedulers.boundedElastic())
			.doOnNext((bytes) -> call.answer(status, bytes, false))
			.then();
	}

	private static byte[] read(FileChannel file, long position, long count) throws IOException {
		try (file) {
			ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(count));
			while (bytes.hasRemaining()) {
				if (file.read(bytes, position + bytes.position()) < 0) {
					throw new EOFException("The file ended " + bytes.remaining() + " bytes short of its answer");
				}
			}
			return bytes.array();
		}
	}

	/** Copies a chunk and releases it: the only owner of a chunk that reached here. */
	private static ByteArrayOutputStream append(ByteArrayOutputStream bytes, ByteBuf chunk) {
		try {
			bytes.writeBytes(ByteBufUtil.getBytes(chunk));
			return bytes;
		}
		finally {
			chunk.release();
		}
	}

}
