package dev.fastro.server.internal;

import io.netty.channel.ChannelPipeline;

/**
 * Switches an HTTP/1.1 connection to another protocol: the pipeline's owner edits the
 * pipeline, where a guard that sees the switch would otherwise reach into it.
 */
@FunctionalInterface
interface ProtocolSwitches {

	/**
	 * Switches a connection to h2c around the write of its {@code 101} answer: what
	 * precedes the answer on the way out still sees it, and nothing of HTTP/1.1 sees what
	 * follows.
	 * @param pipeline the connection's pipeline
	 * @param write101 writes the {@code 101} answer
	 */
	void toHttp2(ChannelPipeline pipeline, Runnable write101);

}
