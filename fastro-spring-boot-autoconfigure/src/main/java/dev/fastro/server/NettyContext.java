package dev.fastro.server;

import java.net.InetSocketAddress;

import dev.fastro.http.Context;
import dev.fastro.http.JsonCodec;
import dev.fastro.http.RequestLimits;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** A {@link Context} over Reactor Netty's request and response, sharing their headers without copies. */
final class NettyContext extends Context {

	private final HttpServerRequest request;

	private final HttpServerResponse response;

	NettyContext(HttpServerRequest request, HttpServerResponse response, ByteBuf body, JsonCodec json,
			RequestLimits limits) {
		super(request.method().name(), request.uri(), request.requestHeaders(), response.responseHeaders(), body,
				json, limits);
		this.request = request;
		this.response = response;
	}

	@Override
	public InetSocketAddress remoteAddress() {
		return this.request.remoteAddress();
	}

	@Override
	protected ByteBufAllocator alloc() {
		return this.response.alloc();
	}

	@Override
	protected Publisher<Void> send(ByteBuf body) {
		if (this.response.hasSentHeaders()) {
			// Reactor Netty answered already, as it does a request it could not decode: drop this one.
			body.release();
			return Mono.empty();
		}
		// One FullHttpResponse: status, headers and body leave in a single write and flush.
		return this.response.status(status()).sendObject(body);
	}

	@Override
	protected Publisher<Void> stream(Publisher<ByteBuf> body) {
		if (this.response.hasSentHeaders()) {
			return Flux.from(body).doOnNext(ByteBuf::release).then();
		}
		return this.response.status(status()).send(body);
	}

}
