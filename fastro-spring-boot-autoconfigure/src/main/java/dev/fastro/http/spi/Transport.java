package dev.fastro.http.spi;

import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;

import dev.fastro.http.Context;
import dev.fastro.http.HttpException;
import dev.fastro.http.WebSocketHandler;
import dev.fastro.http.internal.FileChunks;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

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

	/**
	 * Prepares a request before its request hooks run, as middleware in front of them
	 * would: the in-process test client sets the request attributes a test asked for
	 * here, such as the authentication it runs as. {@link RequestPipeline#dispatch} calls
	 * it once per request, on the caller's thread; this default does nothing.
	 * @param ctx the request as received, not yet routed
	 */
	default void prepare(H handle, Context ctx) {
	}

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
	 * Sends the status and the response headers, then {@code count} bytes of an open file
	 * from {@code position}, a file on the file system that a handler answered with. The
	 * headers frame that body: the pipeline has set their {@code content-length} to
	 * {@code count}, which is at least 1. The transport owns {@code file} from this call
	 * on, and closes it once the bytes are written, or as soon as the answer fails or is
	 * cancelled, or is dropped because the status and headers had left already.
	 * <p>
	 * A transport that can hand a file to its connection as it is sends it without
	 * copying it through the heap: Fastro's server does, with Netty's {@code FileRegion},
	 * on an HTTP/1.1 connection without TLS or compression, and sends it in chunks on any
	 * other. This default reads the bytes in chunks of at most 64 KB on Reactor's bounded
	 * elastic scheduler, each once the one before has been asked for, and sends them with
	 * {@link #stream}, which frames them as it frames any stream: over HTTP/1.1, chunked
	 * in place of the {@code content-length}. So a transport that implements only the
	 * other methods answers with files too.
	 * @return completes once the last byte is written
	 */
	default Publisher<Void> sendFile(H handle, int status, FileChannel file, long position, long count) {
		return stream(handle, status,
				FileChunks.read(file, position, count, alloc(handle), Schedulers.boundedElastic()));
	}

	/**
	 * Answers a WebSocket opening handshake, checked already, with {@code 101} and the
	 * response headers the request was handed with, and switches the connection to
	 * WebSocket, whose session {@code handler} then serves. A transport that cannot
	 * switch fails before sending anything, and the request is answered with that
	 * failure; this default does so with a {@code 501}.
	 * @param request the handshake, for the session to show its handler
	 * @return completes once the {@code 101} is written: the session lives on after it
	 */
	default Publisher<Void> webSocket(H handle, Context request, WebSocketHandler handler) {
		return Mono.error(new HttpException(501, "WebSocket is not served on this connection"));
	}

	/**
	 * Whether the status and headers have been sent: an error past that point can no
	 * longer change the answer.
	 */
	boolean committed(H handle);

}
