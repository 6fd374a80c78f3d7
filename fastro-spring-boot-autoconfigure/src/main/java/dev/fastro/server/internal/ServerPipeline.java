package dev.fastro.server.internal;

import java.util.concurrent.TimeUnit;

import dev.fastro.http.internal.JsonCodec;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;
import reactor.netty.NettyPipeline;

/**
 * Fastro's handlers around Reactor Netty's HTTP/1.1 codec, one concern each, sharing one
 * {@link ConnectionState}:
 *
 * <pre>
 * idle timer -> ConnectionCloser -> FramingGuard -> [HTTP codec] -> MessageGuard -> Reactor Netty
 * </pre>
 *
 * Before the codec they see the raw bytes, after it the decoded requests and the
 * responses going out.
 */
final class ServerPipeline {

	private ServerPipeline() {
	}

	/**
	 * Installs the guards on a connection whose pipeline has Reactor Netty's HTTP/1.1
	 * codec.
	 */
	static void install(ChannelPipeline pipeline, ServerOptions options, JsonCodec json) {
		if (pipeline.get(NettyPipeline.HttpCodec) == null) {
			return;
		}
		ConnectionState state = new ConnectionState(options, json);
		pipeline.addBefore(NettyPipeline.HttpCodec, "fastro.idle",
				new IdleStateHandler(0, 0, options.idleTimeout().toMillis(), TimeUnit.MILLISECONDS));
		pipeline.addBefore(NettyPipeline.HttpCodec, "fastro.closer", new ConnectionCloser(state));
		pipeline.addBefore(NettyPipeline.HttpCodec, "fastro.framing", new FramingGuard(state));
		pipeline.addAfter(NettyPipeline.HttpCodec, "fastro.messages", new MessageGuard(state));
	}

}
