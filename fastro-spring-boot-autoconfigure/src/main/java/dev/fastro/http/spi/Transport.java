package dev.fastro.http.spi;

import java.net.InetSocketAddress;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.reactivestreams.Publisher;

/**
 * The connection side of a request: where it came from and how its answer leaves.
 * Fastro's server answers through one over Reactor Netty; a caller that drives a
 * {@link RequestPipeline} itself, such as the in-process test client or a benchmark that
 * discards its answers, hands it one of its own with each request.
 * <p>
 * One transport serves every request of its connection or server and keeps no state of
 * its own: what belongs to one request is the handle each method is given, so a request
 * costs no transport object. The pipeline calls it from whichever thread answers the
 * request, one call at a time per request.
 *
 * @param <H> one request's connection as the transport knows it, such as Reactor Netty's
 * response
 */
public interface Transport<H> {

	/** The client's address, as {@link dev.fastro.http.Context#remoteAddress()} says. */
	InetSocketAddress remoteAddress(H handle);

	/** The client's scheme, as {@link dev.fastro.http.Context#scheme()} says. */
	String scheme(H handle);

	/** The host the client addressed, as {@link dev.fastro.http.Context#host()} says. */
	String host(H handle);

	/** The port the client addressed, as {@link dev.fastro.http.Context#port()} says. */
	int port(H handle);

	/** The allocator for response buffers. */
	ByteBufAllocator alloc(H handle);

	/**
	 * Sends the status, the response headers the request was handed with, and a body of
	 * known length, in one write. Takes ownership of {@code body}.
	 * @return completes once the answer is written
	 */
	Publisher<Void> send(H handle, int status, ByteBuf body);

	/**
	 * Sends the status and the response headers, then streams the body in chunks,
	 * releasing each once written.
	 * @return completes once the last chunk is written
	 */
	Publisher<Void> stream(H handle, int status, Publisher<ByteBuf> body);

	/**
	 * Whether the status and headers have been sent: an error past that point can no
	 * longer change the answer.
	 */
	boolean committed(H handle);

}
