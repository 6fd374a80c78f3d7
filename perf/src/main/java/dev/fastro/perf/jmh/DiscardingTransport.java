package dev.fastro.perf.jmh;

import java.net.InetSocketAddress;

import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * No connection: an answer is released as soon as it is sent and is complete at once, so
 * that a micro-benchmark measures the framework's work on a request, not a socket's.
 * Whatever only a real connection knows (the client's address, the scheme, the host) is
 * refused, so a benchmark that came to need it would fail rather than measure a made-up
 * value.
 */
final class DiscardingTransport implements Transport<Void> {

	static final DiscardingTransport INSTANCE = new DiscardingTransport();

	private DiscardingTransport() {
	}

	@Override
	public InetSocketAddress remoteAddress(Void handle) {
		throw unsupported("a client address");
	}

	@Override
	public String scheme(Void handle) {
		throw unsupported("a scheme");
	}

	@Override
	public String host(Void handle) {
		throw unsupported("a host");
	}

	@Override
	public int port(Void handle) {
		throw unsupported("a port");
	}

	@Override
	public ByteBufAllocator alloc(Void handle) {
		return ByteBufAllocator.DEFAULT;
	}

	@Override
	public Publisher<Void> send(Void handle, int status, ByteBuf body) {
		body.release();
		return Mono.empty();
	}

	@Override
	public Publisher<Void> stream(Void handle, int status, Publisher<ByteBuf> body) {
		throw unsupported("a streamed answer");
	}

	@Override
	public boolean committed(Void handle) {
		return false;
	}

	private static UnsupportedOperationException unsupported(String what) {
		return new UnsupportedOperationException("No benchmark needs " + what);
	}

}
