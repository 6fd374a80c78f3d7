package dev.fastro.test.client;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;

import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

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
