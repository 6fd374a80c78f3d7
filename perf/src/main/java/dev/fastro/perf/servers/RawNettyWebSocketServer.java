package dev.fastro.perf.servers;

import dev.fastro.perf.Workload;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketServerCompressionHandler;

/**
 * The ceiling of the WebSocket echo: a bare Netty pipeline as Netty's own example
 * {@code WebSocketServer} builds it ({@link HttpServerCodec},
 * {@link HttpObjectAggregator}, {@link WebSocketServerCompressionHandler},
 * {@link WebSocketServerProtocolHandler}, which does the handshake, pings and the closing
 * handshake), and one handler that writes every data frame back as it came, flushing when
 * a read is complete, as Netty's Autobahn test server does. Any other request is answered
 * {@code 404}, which is all the harness's readiness check needs. One event-loop thread,
 * epoll when available, as {@link RawNettyServer}.
 */
public final class RawNettyWebSocketServer {

	/** Netty's example's limit on a request's body; a handshake has none. */
	private static final int MAX_CONTENT = 65536;

	private RawNettyWebSocketServer() {
	}

	/**
	 * Starts the server and blocks until it is stopped.
	 * @param args {@code --port=N}
	 * @throws InterruptedException if interrupted while serving
	 */
	public static void main(String[] args) throws InterruptedException {
		int port = ServerArgs.parse(args).intValue(ServerArgs.PORT, 8080);
		RawNettyServer.serve(port,
				(pipeline) -> pipeline.addLast(new HttpServerCodec(), new HttpObjectAggregator(MAX_CONTENT),
						new WebSocketServerCompressionHandler(),
						new WebSocketServerProtocolHandler(Workload.WEBSOCKET_PATH, null, true), NotFound.INSTANCE,
						new Echo()));
	}

	/**
	 * Writes every data frame back; the protocol handler before it has taken the control
	 * frames. The frame is written as it came, so its payload is neither copied nor
	 * released here: the encoder releases it once written.
	 */
	private static final class Echo extends ChannelInboundHandlerAdapter {

		@Override
		public void channelRead(ChannelHandlerContext ctx, Object msg) {
			if (msg instanceof WebSocketFrame) {
				ctx.write(msg, ctx.voidPromise());
			}
			else {
				ctx.fireChannelRead(msg);
			}
		}

		@Override
		public void channelReadComplete(ChannelHandlerContext ctx) {
			ctx.flush();
		}

	}

	/** Answers every request that is no WebSocket handshake {@code 404} and closes. */
	@ChannelHandler.Sharable
	private static final class NotFound extends SimpleChannelInboundHandler<FullHttpRequest> {

		static final NotFound INSTANCE = new NotFound();

		@Override
		protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
			FullHttpResponse res = new DefaultFullHttpResponse(req.protocolVersion(), HttpResponseStatus.NOT_FOUND,
					Unpooled.EMPTY_BUFFER);
			res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
			ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
		}

	}

}
