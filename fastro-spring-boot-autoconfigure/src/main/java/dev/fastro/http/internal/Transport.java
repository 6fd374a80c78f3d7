package dev.fastro.http.internal;

import java.net.InetSocketAddress;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.reactivestreams.Publisher;

/**
 * The connection side of an {@link Exchange}: where its request came from and how its
 * response leaves. One transport serves every exchange of a server and keeps no state of
 * its own; what belongs to one request is the handle each method is given, so a request
 * costs no transport object. The server implements it over Reactor Netty; a test client
 * can implement it without a socket.
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
	 * Sends the status, the headers and a body of known length in one write. Takes
	 * ownership of {@code body}.
	 */
	Publisher<Void> send(H handle, int status, ByteBuf body);

	/** Sends the status and headers, then streams the body in chunks. */
	Publisher<Void> stream(H handle, int status, Publisher<ByteBuf> body);

	/** Whether the status and headers have been sent. */
	boolean committed(H handle);

}
