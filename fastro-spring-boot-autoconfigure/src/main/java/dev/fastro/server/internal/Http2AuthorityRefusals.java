package dev.fastro.server.internal;

import dev.fastro.http.internal.JsonCodec;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http2.Http2StreamChannel;
import reactor.netty.Connection;
import reactor.netty.ConnectionObserver;
import reactor.netty.NettyPipeline;
import reactor.netty.channel.ChannelOperations;
import reactor.netty.http.server.HttpServerRequest;

/**
 * Gives a problem body to the answer Reactor Netty writes, bare, to a request on an
 * HTTP/2 stream whose {@code :authority} has a port that is no number ({@code host:abc},
 * {@code [::1]:x}): Reactor Netty's own reading of the host fails on it before
 * {@link Http2StreamChecks} can refuse it, and answers {@code 400} without a word. Every
 * other malformed authority reaches {@link Http2StreamChecks}. Sits on every stream of an
 * HTTP/2 connection, between the codec and Reactor Netty's exchange, and looks only at
 * answers written whole without a body.
 */
@Sharable
final class Http2AuthorityRefusals extends ChannelOutboundHandlerAdapter implements ConnectionObserver {

	private final JsonCodec json;

	Http2AuthorityRefusals(JsonCodec json) {
		this.json = json;
	}

	/** Installs this handler on each HTTP/2 stream as it opens. */
	@Override
	public void onStateChange(Connection connection, State newState) {
		if (newState == State.CONNECTED && connection.channel() instanceof Http2StreamChannel stream
				&& stream.pipeline().get(NettyPipeline.HttpTrafficHandler) != null) {
			stream.pipeline().addBefore(NettyPipeline.HttpTrafficHandler, "fastro.h2authority", this);
		}
	}

	@Override
	public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
		if (msg instanceof FullHttpResponse response && !response.content().isReadable()
				&& ChannelOperations.get(ctx.channel()) instanceof HttpServerRequest request) {
			RequestChecks.Refusal refusal = RequestChecks.checkAuthority(request.requestHeaders());
			if (refusal != null) {
				ctx.write(Refusals.withProblem(response, refusal.getMessage(), this.json, ctx.alloc()), promise);
				return;
			}
		}
		ctx.write(msg, promise);
	}

}
