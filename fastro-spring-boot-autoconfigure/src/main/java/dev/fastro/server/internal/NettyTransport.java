package dev.fastro.server.internal;

import java.net.InetSocketAddress;

import dev.fastro.http.internal.ChunkOwnership;
import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpVersion;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The {@link Transport} over Reactor Netty. Stateless, so one instance serves every
 * request. The handle is the request's {@link HttpServerResponse}, which also reports the
 * client's address; it is the very object Reactor Netty hands over as the request, so the
 * handle costs no allocation.
 */
final class NettyTransport implements Transport<HttpServerResponse> {

	static final NettyTransport INSTANCE = new NettyTransport();

	private NettyTransport() {
	}

	@Override
	public InetSocketAddress remoteAddress(HttpServerResponse response) {
		return (InetSocketAddress) response.remoteAddress();
	}

	@Override
	public String scheme(HttpServerResponse response) {
		return response.scheme();
	}

	@Override
	public String host(HttpServerResponse response) {
		return response.hostName();
	}

	@Override
	public int port(HttpServerResponse response) {
		return response.hostPort();
	}

	@Override
	public ByteBufAllocator alloc(HttpServerResponse response) {
		return response.alloc();
	}

	@Override
	public Publisher<Void> send(HttpServerResponse response, int status, ByteBuf body) {
		if (response.hasSentHeaders()) {
			// Reactor Netty answered already, as it does a request it could not decode:
			// drop this one.
			body.release();
			return Mono.empty();
		}
		// One FullHttpResponse: status, headers and body leave in a single write and
		// flush.
		return response.status(status).sendObject(body);
	}

	@Override
	public Publisher<Void> stream(HttpServerResponse response, int status, Publisher<ByteBuf> body) {
		if (response.hasSentHeaders()) {
			return ChunkOwnership.drain(body);
		}
		// Chunked, as on Fastro's own exchange: without a framing header Reactor Netty
		// ends the body by closing the connection. An HTTP/1.0 client cannot read chunks,
		// and HTTP/2 frames the stream itself.
		return response.status(status)
			.chunkedTransfer(!HttpVersion.HTTP_1_0.equals(response.version()))
			.send(body)
			.then()
			// Reactor Netty releases a chunk it drops, then hands it to the hook below.
			.contextWrite(ChunkOwnership::releasedAlready);
	}

	@Override
	public boolean committed(HttpServerResponse response) {
		return response.hasSentHeaders();
	}

}
