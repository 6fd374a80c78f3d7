package dev.fastro.server.internal;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2Exception;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The last word on an HTTP/2 connection's errors. Netty's codec has already answered a
 * connection error (a flood, a malformed frame) with GOAWAY and closed the connection,
 * then passes the error on, where Netty would log it as a warning with its stack: one per
 * connection a client chooses to break. It is logged here at debug level instead;
 * anything else goes on.
 */
@Sharable
final class Http2ConnectionErrors extends ChannelInboundHandlerAdapter {

	static final Http2ConnectionErrors INSTANCE = new Http2ConnectionErrors();

	private static final Log logger = LogFactory.getLog(Http2ConnectionErrors.class);

	private Http2ConnectionErrors() {
	}

	@Override
	public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
		if (cause instanceof Http2Exception && !(cause instanceof Http2Exception.StreamException)) {
			if (logger.isDebugEnabled()) {
				logger.debug("Fastro: closed the HTTP/2 connection " + ctx.channel() + ": " + cause.getMessage());
			}
			return;
		}
		ctx.fireExceptionCaught(cause);
	}

}
