package dev.fastro.server.internal;

import java.util.function.BiFunction;

import dev.fastro.http.HttpException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import org.reactivestreams.Publisher;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * What the HTTP/1.1 guards of {@link ServerPipeline} do for a request, done for a request
 * on an HTTP/2 stream, which passes no guard: its {@code :path} must hold visible ASCII
 * only and its {@code :authority} be a valid host ({@link RequestChecks}; one whose port
 * is no number never gets here: see {@link Http2AuthorityRefusals}), its forwarded
 * headers, when read, must be well-formed ({@link ForwardedHeaders}), and its answer
 * carries a {@code Date} ({@link MessageGuard}), and the answer to a {@code HEAD} leaves
 * without its body (the HTTP/1.1 codec drops it; the HTTP/2 one would send it). Netty's
 * HTTP/2 codec does the rest: it refuses malformed frames, connection-specific headers
 * and header lists over the limit, and floods of frames. In use only when HTTP/2 is on;
 * an HTTP/1.1 request goes straight on.
 */
final class Http2StreamChecks implements BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> {

	private final FastroHttpHandler handler;

	private final TrustedProxies trustedProxies;

	/**
	 * @param trustedProxies the proxies whose forwarded headers are read, and so checked
	 * ({@link ForwardedHeaders}); {@code null} when none are
	 */
	Http2StreamChecks(FastroHttpHandler handler, TrustedProxies trustedProxies) {
		this.handler = handler;
		this.trustedProxies = trustedProxies;
	}

	@Override
	public Publisher<Void> apply(HttpServerRequest request, HttpServerResponse response) {
		if (request.version().majorVersion() != 2) {
			return this.handler.apply(request, response);
		}
		response.header(HttpHeaderNames.DATE, DateHeader.now());
		if (request.method().equals(HttpMethod.HEAD)) {
			((Connection) request).addHandlerLast("fastro.headBody", HeadBodyDropper.INSTANCE);
		}
		RequestChecks.Refusal refusal = RequestChecks.checkTarget(request.method(), request.uri());
		if (refusal == null) {
			refusal = RequestChecks.checkAuthority(request.requestHeaders());
		}
		if (refusal == null && this.trustedProxies != null) {
			refusal = ForwardedHeaders.check(request.requestHeaders(),
					((Connection) request).channel().parent().remoteAddress(), this.trustedProxies);
		}
		if (refusal != null) {
			return this.handler.fail(request, response,
					new HttpException(refusal.status().code(), refusal.getMessage()));
		}
		return this.handler.apply(request, response);
	}

	/**
	 * Drops the body of the answer to a {@code HEAD} on its way out, keeping its status
	 * and headers, {@code Content-Length} included, as RFC 9110 (9.3.2) asks.
	 */
	@Sharable
	private static final class HeadBodyDropper extends ChannelOutboundHandlerAdapter {

		static final HeadBodyDropper INSTANCE = new HeadBodyDropper();

		@Override
		public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
			Object out = msg;
			if (msg instanceof FullHttpResponse full) {
				out = full.replace(Unpooled.EMPTY_BUFFER);
			}
			else if (msg instanceof LastHttpContent) {
				out = LastHttpContent.EMPTY_LAST_CONTENT;
			}
			else if (msg instanceof HttpContent) {
				out = new DefaultHttpContent(Unpooled.EMPTY_BUFFER);
			}
			else if (msg instanceof ByteBuf) {
				out = Unpooled.EMPTY_BUFFER;
			}
			if (out != msg) {
				ReferenceCountUtil.release(msg);
			}
			ctx.write(out, promise);
		}

	}

}
