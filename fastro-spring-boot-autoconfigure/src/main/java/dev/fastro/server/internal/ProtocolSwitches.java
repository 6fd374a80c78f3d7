package dev.fastro.server.internal;

import io.netty.channel.ChannelPipeline;

/**
 * Switches an HTTP/1.1 connection to another protocol: the pipeline's owner edits the
 * pipeline, where a guard or an exchange that sees the switch would otherwise reach into
 * it.
 */
interface ProtocolSwitches {

	/**
	 * Switches a connection to h2c around the write of its {@code 101} answer: what
	 * precedes the answer on the way out still sees it, and nothing of HTTP/1.1 sees what
	 * follows.
	 * @param pipeline the connection's pipeline
	 * @param write101 writes the {@code 101} answer
	 */
	void toHttp2(ChannelPipeline pipeline, Runnable write101);

	/**
	 * Switches a connection to WebSocket around the write of its {@code 101} answer, as
	 * {@link #toHttp2} does, opens the session once its handlers are in, and then flushes
	 * the answer.
	 * @param pipeline the connection's pipeline
	 * @param handshake the {@code 101} answer and the session's handlers
	 * @param write101 writes the {@code 101} answer, without flushing it
	 */
	void toWebSocket(ChannelPipeline pipeline, WebSocketHandshake handshake, Runnable write101);

}
