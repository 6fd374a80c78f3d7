package dev.fastro.server.internal;

import io.netty.handler.codec.http.HttpHeaders;

/**
 * Which answers are compressed, and with which content coding: the same rule on Fastro's
 * own HTTP/1.1 exchange ({@link ResponseCompressor}) and on Reactor Netty's.
 */
public interface CompressionRule {

	/** The smallest body of known length worth compressing, in bytes. */
	int minResponseSize();

	/**
	 * The content coding of this answer to this request, or {@code null} to send it as it
	 * is. Asked only about a body of unknown length or at least the minimum size; may add
	 * to the response's headers, such as {@code Vary: Accept-Encoding} on every answer
	 * that could be compressed for another client.
	 */
	String coding(HttpHeaders request, HttpHeaders response);

}
