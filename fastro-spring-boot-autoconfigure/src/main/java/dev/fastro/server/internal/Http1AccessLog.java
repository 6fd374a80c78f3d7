package dev.fastro.server.internal;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayDeque;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * The access log of one HTTP/1.1 connection, on Fastro's exchange and on Reactor Netty's
 * alike. Reactor Netty's own reads each request from its exchange, which Fastro's does
 * not create; this one notes every request as the codec decodes it and pairs it with the
 * next final answer, since HTTP/1.1 answers requests in the order they came, pipelined or
 * not. It sits right after the codec, so it counts the body bytes as they leave,
 * compressed or not, and sees the answer a guard gives a request it refuses. When
 * forwarded headers are read, the client it names is the one they name, as
 * {@code ctx.remoteAddress()} is.
 * <p>
 * As Reactor Netty's, it writes a request's line once the end of its answer has been
 * written, with the body bytes the {@code Content-Length} names, or those counted as they
 * pass when the answer is chunked; an answer that follows no decoded request, such as a
 * 408 to a head that never ended, is logged without a request line.
 */
final class Http1AccessLog extends ChannelDuplexHandler {

	private final AccessLogLine line;

	private final ForwardedHeaders forwarded;

	private final ArrayDeque<Request> requests = new ArrayDeque<>(2);

	/** The request whose answer is being written, once its head has passed. */
	private Request answered;

	private CharSequence status;

	private long bytes;

	private boolean counting;

	/**
	 * @param forwarded what names the client behind a proxy, or {@code null} when
	 * forwarded headers are not read
	 */
	Http1AccessLog(AccessLogLine line, ForwardedHeaders forwarded) {
		this.line = line;
		this.forwarded = forwarded;
	}

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (msg instanceof HttpRequest request) {
			this.requests.add(new Request(request.method().name(), request.uri(), request.protocolVersion().text(),
					request.headers(), System.currentTimeMillis()));
		}
		ctx.fireChannelRead(msg);
	}

	@Override
	public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
		if (msg instanceof HttpResponse response) {
			if (response.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
				ctx.write(msg, promise);
				return;
			}
			Request request = this.requests.poll();
			this.answered = (request != null) ? request : Request.none();
			this.status = response.status().codeAsText();
			this.counting = HttpUtil.isTransferEncodingChunked(response)
					&& !HttpMethod.HEAD.name().equals(this.answered.method);
			this.bytes = this.counting ? 0 : HttpUtil.getContentLength(response, -1L);
		}
		if (this.answered == null) {
			ctx.write(msg, promise);
			return;
		}
		if (this.counting) {
			if (msg instanceof ByteBufHolder holder) {
				this.bytes += holder.content().readableBytes();
			}
			else if (msg instanceof ByteBuf buffer) {
				this.bytes += buffer.readableBytes();
			}
		}
		if (msg instanceof LastHttpContent) {
			Request request = this.answered;
			CharSequence status = this.status;
			long bytes = this.bytes;
			this.answered = null;
			ctx.write(msg, promise.unvoid()).addListener((future) -> {
				if (future.isSuccess()) {
					this.line
						.line(client(request, ctx.channel()), request.start, request.method, request.uri,
								request.protocol, status, bytes, System.currentTimeMillis() - request.start)
						.log();
				}
			});
			return;
		}
		ctx.write(msg, promise);
	}

	private SocketAddress client(Request request, Channel channel) {
		SocketAddress peer = channel.remoteAddress();
		if (this.forwarded != null && request.headers != null && peer instanceof InetSocketAddress address) {
			return this.forwarded.client(request.headers, address);
		}
		return peer;
	}

	/** What the line needs of a request, noted as it arrived. */
	private record Request(String method, String uri, String protocol, HttpHeaders headers, long start) {

		static Request none() {
			return new Request(null, null, null, null, System.currentTimeMillis());
		}

	}

}
