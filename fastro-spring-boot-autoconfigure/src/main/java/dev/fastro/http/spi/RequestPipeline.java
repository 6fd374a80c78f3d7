package dev.fastro.http.spi;

import java.util.List;

import dev.fastro.http.Handler;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.DispatcherPipeline;
import dev.fastro.router.PathMatch;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaders;
import org.reactivestreams.Publisher;
import tools.jackson.databind.json.JsonMapper;

/**
 * An application's request pipeline, for callers that hold a request themselves rather
 * than read it from a socket: request hooks, routing, the route's middleware chain and
 * handler, exception handlers and result writing, as Fastro's server runs them, the
 * {@code http.server.requests} observation included when observations are on. The
 * in-process test client drives it, and so do the JMH benchmarks; Fastro's
 * auto-configuration declares the application's as a bean.
 * <p>
 * Fastro's server runs the same pipeline through its internals rather than this
 * interface, since it reads each body from the socket as its route asks.
 */
public interface RequestPipeline {

	/**
	 * A pipeline of routes alone, without Spring: no global middleware, hooks or
	 * exception handlers, and the defaults of {@code fastro.*}: at most 1,000 query
	 * parameters or form fields, no request timeout, no route cache, blocking routes on
	 * Reactor's bounded elastic scheduler. A handler's {@code Resource} or {@code Path}
	 * is answered with its file, and a stream of Spring's {@code ServerSentEvent}s as
	 * server-sent events, as in an application, though without heartbeats.
	 * @param jsonMapper the mapper JSON bodies are read and written with
	 * @param routes the routes to serve
	 * @return the pipeline
	 * @throws IllegalArgumentException for a malformed pattern or two routes that collide
	 */
	static RequestPipeline of(JsonMapper jsonMapper, List<Routes> routes) {
		return DispatcherPipeline.of(jsonMapper, routes);
	}

	/**
	 * Answers one request whose head, and body if any, the caller has received.
	 * @param <H> the request's connection as {@code transport} knows it
	 * @param transport where the request came from and how its answer leaves
	 * @param handle the request's connection, handed back to each call of
	 * {@code transport}
	 * @param method the request method, upper case
	 * @param uri the raw request target: path and query, still percent-encoded
	 * @param requestHeaders the request's headers
	 * @param responseHeaders the answer's headers, empty: the pipeline sets them, and
	 * {@code transport} writes them with the answer
	 * @param body the whole request body, or {@code null} when there is none; the caller
	 * keeps owning it, and releases it once the answer has completed. A route that takes
	 * its body whole reads it as it is; a {@link Handler#streaming streaming} one is
	 * offered it in chunks of 8 KB (what Netty's HTTP/1.1 codec hands Fastro's server) as
	 * its handler asks, within the route's own limit. The caller applies its own limit
	 * before it calls, as Fastro's server applies {@code fastro.server.max-body-size}.
	 * @return completes once the answer has been written through {@code transport};
	 * cancelling it, as when the client has gone away, cancels the handler's answer
	 */
	<H> Publisher<Void> dispatch(Transport<H> transport, H handle, String method, String uri,
			HttpHeaders requestHeaders, HttpHeaders responseHeaders, ByteBuf body);

	/**
	 * The route a method and path reach, with its parameters, found as a request's route
	 * is ({@code HEAD} by the {@code GET} route), without answering anything: what an
	 * access log names a request by, or a benchmark of the router looks up.
	 * @param method the request method, upper case
	 * @param path the raw request path, without the query string
	 * @return the match, or {@code null} when they reach no route or the path cannot be
	 * decoded
	 */
	PathMatch match(String method, String path);

	/**
	 * The mapper the pipeline reads and writes JSON bodies with.
	 * @return the application's {@link JsonMapper}, or Jackson's defaults without one
	 */
	JsonMapper jsonMapper();

}
