package dev.fastro.server.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;

import dev.fastro.http.internal.ChunkOwnership;
import dev.fastro.http.internal.FileChunks;
import dev.fastro.http.spi.Transport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.DefaultFileRegion;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.stream.ChunkedNioFile;
import io.netty.handler.stream.ChunkedWriteHandler;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.NettyPipeline;
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

	/**
	 * Sends a file by its length, as Reactor Netty's own {@code sendFile} does: as a
	 * {@link DefaultFileRegion} on an HTTP/1.1 connection without TLS or compression,
	 * else in chunks read as they are written, through the {@link ChunkedWriteHandler}
	 * that Reactor Netty keeps in the pipeline until the answer ends.
	 */
	@Override
	public Publisher<Void> sendFile(HttpServerResponse response, int status, FileChannel file, long position,
			long count) {
		if (response.hasSentHeaders()) {
			FileChunks.close(file);
			return Mono.empty();
		}
		return response.status(status)
			.sendUsing(() -> file, (connection, channel) -> body(connection, channel, position, count),
					FileChunks::close)
			.then();
	}

	private static Object body(Connection connection, FileChannel file, long position, long count) {
		Channel channel = connection.channel();
		boolean asItIs = !(channel instanceof Http2StreamChannel) && channel.pipeline().get(SslHandler.class) == null
				&& channel.pipeline().get(NettyPipeline.CompressionHandler) == null;
		if (asItIs) {
			return new DefaultFileRegion(file, position, count);
		}
		if (channel.pipeline().get(ChunkedWriteHandler.class) == null) {
			connection.addHandlerLast(NettyPipeline.ChunkedWriter, new ChunkedWriteHandler());
		}
		try {
			return new ChunkedNioFile(file, position, count, FileChunks.CHUNK);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public boolean committed(HttpServerResponse response) {
		return response.hasSentHeaders();
	}

}
