package dev.fastro.http;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.cookie.Cookie;
import reactor.core.publisher.Flux;
import tools.jackson.core.type.TypeReference;

/**
 * One request and its response, handed to every middleware and handler.
 * <p>
 * Reading: path parameters, query parameters, headers, cookies and the body. The query
 * string and the body are parsed only when first asked for, and only once. Writing:
 * status, headers and cookies; the body is whatever the handler returns.
 * <p>
 * A context belongs to one request and is not thread-safe; a blocking handler owns it
 * while it runs. Fastro implements this interface and applications call it; an
 * application's own implementation, such as a test double, would break when a release
 * adds a method.
 */
public interface Context {

	// ---- the request line and route

	/** The request method, upper case. */
	String method();

	/** The request path, still percent-encoded, without the query string. */
	String path();

	/** The raw request target: path and query, as the client sent them. */
	String uri();

	/**
	 * The pattern of the matched route, such as {@code /users/:id}, or {@code null} when
	 * none matched.
	 */
	String routePattern();

	// ---- path parameters

	/**
	 * The percent-decoded value of a path parameter of the matched route.
	 * @throws IllegalArgumentException if the route declares no such parameter
	 */
	String param(String name);

	/**
	 * A path parameter as a {@code long}; a value that is not a whole number is a 400.
	 */
	long paramLong(String name);

	/**
	 * A path parameter as an {@code int}; a value that is not a whole number in range is
	 * a 400.
	 */
	int paramInt(String name);

	/** All path parameters of the matched route, by name, in pattern order. */
	Map<String, String> params();

	// ---- query parameters

	/**
	 * The first value of a query parameter, decoded as HTML forms encode it, or
	 * {@code null}.
	 */
	String query(String name);

	/**
	 * A required query parameter as a {@code long}; a missing one, or one that is not a
	 * whole number, is a 400.
	 */
	long queryLong(String name);

	/** All values of a query parameter, in order; empty when absent. */
	List<String> queries(String name);

	/** Every query parameter with its values, in order. Parsed on first use. */
	Map<String, List<String>> queryMap();

	// ---- headers and cookies

	/**
	 * The first value of a request header, or {@code null}. Names are case-insensitive.
	 */
	String header(String name);

	/** All values of a request header; empty when absent. */
	List<String> headers(String name);

	/** The request headers, read-only by contract. */
	HttpHeaders requestHeaders();

	/** The value of a request cookie, or {@code null}. */
	String cookie(String name);

	/**
	 * The client's address: the connection's peer, or with
	 * {@code fastro.server.forward-headers-strategy=native} the client a trusted proxy
	 * names in {@code Forwarded} or {@code X-Forwarded-For} (see
	 * {@code fastro.server.trusted-proxies}).
	 */
	InetSocketAddress remoteAddress();

	/**
	 * The scheme the client used, {@code http} or {@code https}; behind a proxy, with
	 * forwarded headers on, the one it names in {@code Forwarded} or
	 * {@code X-Forwarded-Proto}.
	 */
	String scheme();

	/**
	 * The host name the client addressed, without the port: from the {@code Host} header,
	 * or behind a proxy, with forwarded headers on, from {@code Forwarded} or
	 * {@code X-Forwarded-Host}.
	 */
	String host();

	/**
	 * The port the client addressed: from the {@code Host} header, the scheme's default
	 * (80 or 443) when it names none, or behind a proxy, with forwarded headers on, from
	 * {@code Forwarded}, {@code X-Forwarded-Host} or {@code X-Forwarded-Port}.
	 */
	int port();

	/**
	 * Who sent the request, once security middleware has authenticated it, such as Spring
	 * Security's {@code Authentication} when Fastro's security is on; {@code null} for an
	 * anonymous request, or when no security middleware runs.
	 */
	Principal principal();

	// ---- attributes

	/** The value of a request attribute, or {@code null}. */
	<T> T get(AttributeKey<T> key);

	/** Sets a request attribute, for middleware to hand values to handlers. */
	<T> Context set(AttributeKey<T> key, T value);

	// ---- the body

	/** The request's content type, or {@code null}. */
	String contentType();

	/**
	 * The body as bytes, as sent: still in its content coding (such as gzip) when it has
	 * one; empty when there is none. This and the other readers of the whole body are
	 * refused on a streaming route, whose body is read with {@link #bodyStream()}.
	 */
	byte[] bodyBytes();

	/**
	 * The body as it arrives, in chunks, on a route marked {@link Handler#streaming}: the
	 * connection reads only as fast as the chunks are asked for. Each chunk is lent for
	 * the duration of {@code onNext} and released after it, as Reactor Netty's own
	 * streams do: {@code retain()} one to keep it longer, and release it then. A body
	 * longer than the route's limit fails the stream with a 413 {@link HttpException},
	 * and so does a client that goes away or stops sending with a 400 or 408. It can be
	 * read once. On any other route, the body received whole, as one chunk.
	 */
	Flux<ByteBuf> bodyStream();

	/**
	 * The body as it arrives, as a blocking stream, on a route marked both
	 * {@link Handler#streaming} and {@link Handler#blocking}: reading it on the event
	 * loop would stall the server, so it is refused there. The connection reads as fast
	 * as the stream is read; closing it early leaves the rest of the body unread. It
	 * fails as {@link #bodyStream()} does, with an {@code IOException} whose cause is the
	 * {@link HttpException} that then answers the request. On any other route, the body
	 * received whole.
	 */
	InputStream bodyInputStream();

	/**
	 * The body as text, in the charset of its content type, UTF-8 when it names none. A
	 * charset unknown here, or a body in a content coding (such as gzip), is a 415.
	 */
	String bodyString();

	/**
	 * The JSON body read into {@code type}, once: later calls with the same type return
	 * the same object. A body whose content type is not JSON, or that is in a content
	 * coding (such as gzip), is a 415; malformed JSON or JSON that does not fit the type
	 * is a 400 naming where.
	 * <p>
	 * When the application has a Jakarta Bean Validation {@code Validator} (Spring Boot
	 * configures one with {@code spring-boot-starter-validation}), an object whose class
	 * carries constraints is validated once, in the default group; a violation is a 400
	 * {@link InvalidBodyException} listing every invalid field.
	 */
	<T> T body(Class<T> type);

	/**
	 * The JSON body read into {@code type} as {@link #body(Class)} does, then validated
	 * in the given validation groups (the default group when none is given), on every
	 * call. A violation is a 400 {@link InvalidBodyException} listing every invalid
	 * field.
	 * @param <T> the body's type
	 * @param type the class to read the body into
	 * @param groups the validation groups to validate in
	 * @return the valid body
	 * @throws IllegalStateException when the application has no Bean Validation
	 * {@code Validator}
	 */
	<T> T validBody(Class<T> type, Class<?>... groups);

	/**
	 * The JSON body read into a generic type, such as {@code new
	 * TypeReference<List<User>>() {}}.
	 */
	<T> T body(TypeReference<T> type);

	/** The first value of a form field, or {@code null}. */
	String formParam(String name);

	/**
	 * The fields of an {@code application/x-www-form-urlencoded} or
	 * {@code multipart/form-data} body, parsed once; a multipart body's files are
	 * {@link #uploads(String)}. Another content type, or a body in a content coding, is a
	 * 415; a malformed body, or more than {@code fastro.server.max-parameters} fields
	 * ({@code fastro.multipart.max-parts} parts), a 400.
	 * <p>
	 * A multipart body sent to a route that takes its body whole is decoded as it
	 * arrives, before the handler runs, within {@code fastro.multipart.max-request-size}
	 * rather than {@code fastro.server.max-body-size}: its parts larger than
	 * {@code fastro.multipart.file-size-threshold} go to temporary files, deleted when
	 * the exchange ends.
	 */
	Map<String, List<String>> form();

	/**
	 * The first file sent under this field name in a {@code multipart/form-data} body, or
	 * {@code null}; see {@link #uploads(String)}.
	 */
	Upload upload(String name);

	/**
	 * The files sent under this field name in a {@code multipart/form-data} body, in
	 * order; empty when there are none. The body is parsed once, with {@link #form()}.
	 * Another content type, or a body in a content coding, is a 415.
	 */
	List<Upload> uploads(String name);

	/**
	 * Every part of a {@code multipart/form-data} body, files and fields alike, in order:
	 * a field is an {@link Upload} whose {@link Upload#filename() filename} is
	 * {@code null}, its value {@link Upload#text()}.
	 * <p>
	 * On a route marked {@link Handler#streaming}, the parts as they arrive: each is
	 * handed on once complete, held in memory or in a temporary file, and the connection
	 * reads only while more parts are asked for than were given, so a slow subscriber
	 * slows the upload. Parts can be read once; they, and their files, are valid until
	 * the exchange ends. A blocking handler reads them with
	 * {@code parts().toIterable(1)}. A malformed body, or one over the
	 * {@code fastro.multipart.*} limits, fails the stream with a 400 or 413
	 * {@link HttpException}. On any other route, the parts decoded before the handler
	 * ran.
	 * <p>
	 * Another content type, or a body in a content coding, is a 415.
	 */
	Flux<Upload> parts();

	// ---- the response

	/**
	 * Sets the response status, from 200 to 599; the default is 200, or 204 when the
	 * handler returns nothing. Another is an {@code IllegalArgumentException}: an
	 * informational status (1xx) is the server's to send.
	 */
	Context status(int status);

	/** The response status set so far. */
	int status();

	/**
	 * Sets a response header, replacing any value it had; a {@code null} value removes
	 * it, as a servlet response's {@code setHeader} does.
	 */
	Context header(String name, String value);

	/** The response headers, sent with the response. */
	HttpHeaders responseHeaders();

	/**
	 * Sets the response's content type, which Fastro otherwise chooses from the result.
	 */
	Context contentType(String contentType);

	/** Adds a {@code set-cookie} header for a cookie with the given name and value. */
	Context cookie(String name, String value);

	/**
	 * Adds a {@code set-cookie} header, with the cookie's path, domain, max-age and
	 * flags.
	 */
	Context cookie(Cookie cookie);

	// ---- conditional requests

	/**
	 * Checks the request's preconditions against the current entity tag of what it asks
	 * for; see {@link #checkNotModified(String, Instant)}.
	 * @param etag the current entity tag: {@code "abc"}, {@code W/"abc"}, or {@code abc},
	 * which is quoted
	 * @return the answer to give in place of the handler's, or empty to go on
	 * @throws IllegalArgumentException for a malformed entity tag, as
	 * {@link Response#etag(String)} refuses it
	 */
	Optional<Response> checkNotModified(String etag);

	/**
	 * Checks the request's preconditions against when what it asks for last changed; see
	 * {@link #checkNotModified(String, Instant)}.
	 * @param lastModified the instant of the last modification, compared to the second
	 * @return the answer to give in place of the handler's, or empty to go on
	 */
	Optional<Response> checkNotModified(Instant lastModified);

	/**
	 * Checks the request's preconditions ({@code If-Match}, {@code If-None-Match},
	 * {@code If-Modified-Since}, {@code If-Unmodified-Since}, evaluated as RFC 9110,
	 * 13.2.2 orders them) against the current validators of what it asks for, before the
	 * answer is computed or anything is changed:
	 *
	 * <pre>{@code
	 * return ctx.checkNotModified(tag).orElseGet(() -> Response.ok(load()).etag(tag));
	 * }</pre>
	 *
	 * The answer given in place of the handler's is a {@code 304 Not Modified} with these
	 * validators as its {@code etag} and {@code last-modified} headers, to a {@code GET}
	 * or {@code HEAD} whose client has a current copy; add to it, or to this context, the
	 * other headers its {@code 200} would have, such as {@code cache-control}. Or it is a
	 * {@code 412 Precondition Failed}, an {@code application/problem+json} naming the
	 * precondition that failed, when {@code If-Match} or {@code If-Unmodified-Since}
	 * fails, or when {@code If-None-Match} matches on another method: a {@code PUT} or
	 * {@code DELETE} checked first changes nothing its client did not expect.
	 * @param etag the current entity tag: {@code "abc"}, {@code W/"abc"}, or {@code abc},
	 * which is quoted; {@code null} when there is none
	 * @param lastModified the instant of the last modification, compared to the second;
	 * {@code null} when it is unknown
	 * @return the answer to give in place of the handler's, or empty to go on
	 * @throws IllegalArgumentException for a malformed entity tag, as
	 * {@link Response#etag(String)} refuses it
	 */
	Optional<Response> checkNotModified(String etag, Instant lastModified);

}
