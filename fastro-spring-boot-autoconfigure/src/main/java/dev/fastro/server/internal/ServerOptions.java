package dev.fastro.server.internal;

import java.time.Duration;
import java.util.function.Function;

import io.netty.buffer.ByteBufAllocator;
import reactor.netty.http.server.HttpServer;

/**
 * How the server listens and what it accepts.
 *
 * @param host the address to bind, such as {@code 0.0.0.0}
 * @param port the port to bind; 0 picks a free one
 * @param eventLoopThreads event-loop threads; 0 leaves Reactor Netty's default (the
 * reactor.netty.ioWorkerCount property, else max(cores, 4))
 * @param maxBodySize the largest request body accepted, in bytes
 * @param maxInitialLineLength the longest request line accepted, in bytes
 * @param maxHeaderSize the largest total size of header lines accepted, in bytes
 * @param idleTimeout how long a keep-alive connection may stay idle before it is closed
 * @param readTimeout how long a client may take to send a request's headers, then its
 * body
 * @param trustedProxies the proxies whose {@code Forwarded} and {@code X-Forwarded-*}
 * headers name the client's address, scheme, host and port; {@code null} when those
 * headers are not read
 * @param accessLog whether each request gets a line in the access log
 * @param http2 HTTP/2's limits when it is served beside HTTP/1.1, else {@code null}
 * @param allocator the buffer allocator of every connection
 * @param tls makes Reactor Netty's server secure, or {@code null} for plain HTTP
 * @param compression which answers are compressed, or {@code null} for none
 * @param reactorNettyExchange whether Reactor Netty's exchange serves HTTP/1.1 requests
 * in place of Fastro's own
 * @param webSocket the limits of WebSocket sessions
 */
public record ServerOptions(String host, int port, int eventLoopThreads, long maxBodySize, int maxInitialLineLength,
		int maxHeaderSize, Duration idleTimeout, Duration readTimeout, TrustedProxies trustedProxies, boolean accessLog,
		Http2Limits http2, ByteBufAllocator allocator, Function<HttpServer, HttpServer> tls,
		CompressionRule compression, boolean reactorNettyExchange, WebSocketSettings webSocket) {

	/**
	 * Whether forwarded headers are read.
	 * @return {@code true} when they name the client
	 */
	public boolean forwardedHeaders() {
		return this.trustedProxies != null;
	}

}
