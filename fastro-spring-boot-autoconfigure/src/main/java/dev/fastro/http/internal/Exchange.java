package dev.fastro.http.internal;

import java.io.InputStream;
import java.lang.reflect.Type;
import java.net.InetSocketAddress;
import java.security.Principal;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

import dev.fastro.http.AttributeKey;
import dev.fastro.http.Context;
import dev.fastro.http.HttpException;
import dev.fastro.http.Problem;
import dev.fastro.http.Response;
import dev.fastro.http.Upload;
import dev.fastro.http.WebSocketHandler;
import dev.fastro.http.spi.Transport;
import dev.fastro.router.internal.RouteMatch;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.codec.http.cookie.ServerCookieEncoder;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.core.type.TypeReference;

/**
 * One request in flight: the {@link Context} that handlers see, plus what only Fastro
 * uses, the routing state and the way out to the connection.
 * <p>
 * It is the one object Fastro allocates per request. The connection side is a
 * {@link Transport}, one per server and stateless, called with the per-request handle the
 * server has anyway (Reactor Netty's response, which is also its request): keeping it out
 * of {@code Context} costs no allocation, and a test client implements a
 * {@code Transport} rather than subclassing the API. In a running server every call stays
 * monomorphic: handlers call the one {@code Context} implementation, the result writer
 * the one {@code Transport}.
 * <p>
 * {@code Context} is an interface rather than a final class so that this implementation,
 * and the routing state it holds, can live outside the API package without a public
 * constructor or accessors on {@code Context}: Java grants another package nothing short
 * of {@code public}.
 */
public final class Exchange implements Context {

	private static final String FORM = "application/x-www-form-urlencoded";

	private static final String MULTIPART = "multipart/form-data";

	private static final AtomicReferenceFieldUpdater<Exchange, InFlightLimit.Permit> IN_FLIGHT = AtomicReferenceFieldUpdater
		.newUpdater(Exchange.class, InFlightLimit.Permit.class, "inFlight");

	private final Transport<Object> transport;

	private final Object handle;

	private final String method;

	private final String uri;

	private final int queryStart;

	private final HttpHeaders requestHeaders;

	private final HttpHeaders responseHeaders;

	private ByteBuf body;

	/** The body as it arrives, on a streaming route; {@code null} on any other. */
	private BodyStream stream;

	/** The route found ahead of dispatch, or {@code null} until it is. */
	ComposedRoute endpoint;

	/** How multipart bodies are decoded, set as the exchange is routed. */
	Multiparts multiparts;

	/** The parts of a streamed multipart body, once asked for. */
	private PartStream partStream;

	private final RequestLimits limits;

	private final JsonCodec json;

	private RouteMatch<?> match;

	private HttpException routingFailure;

	/**
	 * The place the request holds under a limit on requests in flight, until it leaves.
	 */
	private volatile InFlightLimit.Permit inFlight;

	private Throwable error;

	private int status = 200;

	private Map<AttributeKey<?>, Object> attributes;

	private Principal principal;

	private Map<String, List<String>> query;

	private Map<String, String> cookies;

	private Map<String, List<String>> form;

	private Map<String, List<Upload>> uploads;

	private List<Upload> parts;

	private Object parsedBody;

	private Object parsedBodyType;

	/**
	 * Creates the exchange of one request.
	 * @param transport how the response leaves, shared by the server's exchanges
	 * @param handle this request's connection, as {@code transport} knows it
	 * @param method the request method, upper case
	 * @param uri the raw request target: path and query, still percent-encoded
	 * @param requestHeaders the request's headers
	 * @param responseHeaders the response's headers, written when the response is sent
	 * @param body the whole request body, owned by the caller, or {@code null} when there
	 * was none
	 * @param json the JSON codec
	 * @param limits the limits on what a request may make the server parse
	 */
	@SuppressWarnings("unchecked")
	public <H> Exchange(Transport<H> transport, H handle, String method, String uri, HttpHeaders requestHeaders,
			HttpHeaders responseHeaders, ByteBuf body, JsonCodec json, RequestLimits limits) {
		// Safe: the handle is only ever given back to the transport it came with.
		this.transport = (Transport<Object>) transport;
		this.handle = handle;
		this.method = method;
		this.uri = originForm(uri);
		this.queryStart = this.uri.indexOf('?');
		this.requestHeaders = requestHeaders;
		this.responseHeaders = responseHeaders;
		this.body = (body != null) ? body : Unpooled.EMPTY_BUFFER;
		this.json = json;
		this.limits = limits;
	}

	// ---- the request line and route

	/**
	 * The path-and-query part of a request target: RFC 9112 lets a client send the
	 * absolute form ({@code GET http://host/path HTTP/1.1}), which routes like its origin
	 * form ({@code /path}).
	 */
	private static String originForm(String target) {
		if (target.isEmpty() || target.charAt(0) == '/') {
			return target;
		}
		int scheme = target.indexOf("://");
		if (scheme < 0) {
			return target;
		}
		int pathStart = scheme + 3;
		while (pathStart < target.length() && target.charAt(pathStart) != '/' && target.charAt(pathStart) != '?') {
			pathStart++;
		}
		String rest = target.substring(pathStart);
		return (rest.isEmpty() || rest.charAt(0) == '?') ? "/" + rest : rest;
	}

	@Override
	public String method() {
		return this.method;
	}

	@Override
	public String path() {
		return (this.queryStart < 0) ? this.uri : this.uri.substring(0, this.queryStart);
	}

	@Override
	public String uri() {
		return this.uri;
	}

	@Override
	public String routePattern() {
		return (this.match != null) ? this.match.route().pattern() : null;
	}

	/** Records the route the request matched, whose parameters {@link #param} reads. */
	void match(RouteMatch<?> match) {
		this.match = match;
	}

	/**
	 * Why the request is not routed: a malformed percent-escape, a refusal before
	 * routing, or {@code null}.
	 */
	HttpException routingFailure() {
		return this.routingFailure;
	}

	/**
	 * Marks the request as not to be routed, to be answered with {@code failure} instead.
	 */
	void routingFailure(HttpException failure) {
		this.routingFailure = failure;
	}

	/** Records the place the request took under a limit on requests in flight. */
	void enteredInFlight(InFlightLimit.Permit permit) {
		this.inFlight = permit;
	}

	/**
	 * Gives back the place the request holds under a limit on requests in flight, if it
	 * still holds one: once, whoever asks first, the end of the answer or the start of a
	 * streamed one.
	 * @param answered whether the answer was written, or began to be, rather than cut
	 * short
	 */
	void leaveInFlight(boolean answered) {
		if (this.inFlight != null) {
			InFlightLimit.Permit permit = IN_FLIGHT.getAndSet(this, null);
			if (permit != null) {
				permit.leave(answered);
			}
		}
	}

	/**
	 * The exception that the answer was made for, as thrown by a handler, middleware or
	 * the routing (a 404, say); {@code null} when nothing was thrown. An exception
	 * handler that maps it to an answer does not clear it.
	 */
	public Throwable error() {
		return this.error;
	}

	/** Records the exception that the answer is made for. */
	void error(Throwable error) {
		this.error = error;
	}

	// ---- path parameters

	@Override
	public String param(String name) {
		String value = (this.match != null) ? this.match.param(name) : null;
		if (value == null) {
			throw new IllegalArgumentException(
					"Route " + this.method + " " + routePattern() + " has no parameter '" + name + "'");
		}
		return value;
	}

	@Override
	public long paramLong(String name) {
		return wholeNumber("Path parameter", name, param(name));
	}

	@Override
	public int paramInt(String name) {
		long value = paramLong(name);
		if (value != (int) value) {
			throw HttpException.badRequest("Path parameter '" + name + "' is out of range: " + value);
		}
		return (int) value;
	}

	@Override
	public Map<String, String> params() {
		if (this.match == null) {
			return Map.of();
		}
		Map<String, String> params = new LinkedHashMap<>();
		for (int i = 0; i < this.match.paramCount(); i++) {
			params.put(this.match.paramName(i), this.match.paramValue(i));
		}
		return Collections.unmodifiableMap(params);
	}

	// ---- query parameters

	@Override
	public String query(String name) {
		List<String> values = queryMap().get(name);
		return (values != null) ? values.get(0) : null;
	}

	@Override
	public long queryLong(String name) {
		String value = query(name);
		if (value == null) {
			throw HttpException.badRequest("Query parameter '" + name + "' is required");
		}
		return wholeNumber("Query parameter", name, value);
	}

	private static long wholeNumber(String what, String name, String value) {
		try {
			return Long.parseLong(value);
		}
		catch (NumberFormatException ex) {
			throw HttpException.badRequest(what + " '" + name + "' must be a whole number, not '" + value + "'");
		}
	}

	@Override
	public List<String> queries(String name) {
		return queryMap().getOrDefault(name, List.of());
	}

	@Override
	public Map<String, List<String>> queryMap() {
		if (this.query == null) {
			this.query = (this.queryStart < 0) ? Map.of() : FormDecoder.decode(this.uri.substring(this.queryStart + 1),
					this.limits.maxParameters(), "query parameters");
		}
		return this.query;
	}

	// ---- headers and cookies

	@Override
	public String header(String name) {
		return this.requestHeaders.get(name);
	}

	@Override
	public List<String> headers(String name) {
		return this.requestHeaders.getAll(name);
	}

	@Override
	public HttpHeaders requestHeaders() {
		return this.requestHeaders;
	}

	@Override
	public String cookie(String name) {
		if (this.cookies == null) {
			this.cookies = new LinkedHashMap<>();
			for (String header : this.requestHeaders.getAll(HttpHeaderNames.COOKIE)) {
				for (Cookie cookie : ServerCookieDecoder.STRICT.decodeAll(header)) {
					this.cookies.putIfAbsent(cookie.name(), cookie.value());
				}
			}
		}
		return this.cookies.get(name);
	}

	@Override
	public InetSocketAddress remoteAddress() {
		return this.transport.remoteAddress(this.handle);
	}

	@Override
	public String scheme() {
		return this.transport.scheme(this.handle);
	}

	@Override
	public String host() {
		return this.transport.host(this.handle);
	}

	@Override
	public int port() {
		return this.transport.port(this.handle);
	}

	@Override
	public Principal principal() {
		return this.principal;
	}

	/**
	 * Records who sent the request, for {@link #principal()}: set by the security
	 * middleware once it has authenticated the request.
	 * @param principal the authenticated principal, or {@code null} for an anonymous one
	 */
	public void principal(Principal principal) {
		this.principal = principal;
	}

	// ---- attributes

	@Override
	public <T> T get(AttributeKey<T> key) {
		return (this.attributes != null) ? key.type().cast(this.attributes.get(key)) : null;
	}

	@Override
	public <T> Context set(AttributeKey<T> key, T value) {
		if (this.attributes == null) {
			this.attributes = new IdentityHashMap<>(4);
		}
		this.attributes.put(key, value);
		return this;
	}

	// ---- the body

	@Override
	public String contentType() {
		return this.requestHeaders.get(HttpHeaderNames.CONTENT_TYPE);
	}

	/**
	 * Sets the body received whole, once it has arrived: the exchange is created when the
	 * request head arrives, so that the route can say how it takes the body. The caller
	 * keeps owning it.
	 */
	public void receivedWhole(ByteBuf whole) {
		this.body = whole;
	}

	/**
	 * Sets the body as it arrives, for a streaming route; the caller discards it when the
	 * exchange ends.
	 */
	public void streamed(BodyStream stream) {
		this.stream = stream;
	}

	/** Whether the body is streamed to the exchange as it arrives. */
	boolean isStreamed() {
		return this.stream != null;
	}

	private ByteBuf wholeBody() {
		if (this.stream != null) {
			throw new IllegalStateException("The body of " + this.method + " " + routePattern()
					+ " is streamed: read it with bodyStream(), bodyInputStream() or parts()");
		}
		return this.body;
	}

	@Override
	public Flux<ByteBuf> bodyStream() {
		if (this.stream != null) {
			return this.stream;
		}
		return this.body.isReadable() ? Flux.just(this.body.duplicate()) : Flux.empty();
	}

	@Override
	public InputStream bodyInputStream() {
		if (this.stream == null) {
			return new ByteBufInputStream(this.body.duplicate());
		}
		if (Schedulers.isInNonBlockingThread()) {
			throw new IllegalStateException("bodyInputStream() blocks: the handler of " + this.method + " "
					+ routePattern() + " runs on the event loop; mark it Handler.blocking(...) or read bodyStream()");
		}
		return this.stream.inputStream();
	}

	@Override
	public byte[] bodyBytes() {
		return ByteBufUtil.getBytes(wholeBody());
	}

	@Override
	public String bodyString() {
		requireNoContentCoding();
		return wholeBody().toString(bodyCharset());
	}

	/**
	 * A body sent in a content coding, such as gzip, is not decoded here: read as text,
	 * JSON or a form it would be garbled, so it is a 415 that names the coding and says
	 * which one is accepted (RFC 9110, 8.4.1 and 12.5.3). {@link #bodyBytes()} gives it
	 * as sent.
	 */
	private void requireNoContentCoding() {
		String coding = this.requestHeaders.get(HttpHeaderNames.CONTENT_ENCODING);
		if (coding != null && !coding.trim().equalsIgnoreCase("identity")) {
			header("accept-encoding", "identity");
			throw new HttpException(415,
					"Content-encoding '" + coding + "' is not supported; send the body without a content coding");
		}
	}

	/** The charset the content type names, UTF-8 when it names none. */
	private Charset bodyCharset() {
		Charset charset = declaredCharset();
		return (charset != null) ? charset : StandardCharsets.UTF_8;
	}

	/**
	 * The charset the content type names, or {@code null} when it names none. One this
	 * JVM does not know is a 415: read as UTF-8 instead, the body would be silently
	 * garbled.
	 */
	private Charset declaredCharset() {
		String contentType = contentType();
		CharSequence parameter = (contentType != null) ? HttpUtil.getCharsetAsSequence(contentType) : null;
		if (parameter == null) {
			return null;
		}
		String name = parameter.toString().trim();
		if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
			name = name.substring(1, name.length() - 1);
		}
		try {
			return Charset.forName(name);
		}
		catch (IllegalArgumentException ex) {
			throw new HttpException(415, "Unsupported charset '" + name + "' in content-type '" + contentType + "'");
		}
	}

	@Override
	public <T> T body(Class<T> type) {
		return type.cast(readJson(type, type));
	}

	@Override
	public <T> T validBody(Class<T> type, Class<?>... groups) {
		T body = body(type);
		this.json.validate(body, groups);
		return body;
	}

	@Override
	@SuppressWarnings("unchecked")
	public <T> T body(TypeReference<T> type) {
		return (T) readJson(type.getType(), type.getType());
	}

	private Object readJson(Object cacheKey, Type type) {
		if (this.parsedBodyType != cacheKey) {
			requireJson();
			requireNoContentCoding();
			this.parsedBody = this.json.read(wholeBody(), type, declaredCharset());
			this.parsedBodyType = cacheKey;
		}
		return this.parsedBody;
	}

	private void requireJson() {
		String mediaType = mediaType();
		requireContentType(mediaType.equals("application/json") || mediaType.endsWith("+json"),
				"a JSON body (content-type application/json)");
	}

	/**
	 * The request's media type, lower case and without parameters; empty when it names
	 * none.
	 */
	private String mediaType() {
		String contentType = contentType();
		if (contentType == null) {
			return "";
		}
		if (HttpHeaderValues.APPLICATION_JSON.contentEqualsIgnoreCase(contentType)) {
			// The usual content type, taken without parsing it.
			return "application/json";
		}
		CharSequence mime = HttpUtil.getMimeType(contentType);
		return (mime != null) ? mime.toString().toLowerCase(Locale.ROOT) : "";
	}

	private void requireContentType(boolean accepted, String expected) {
		if (!accepted) {
			String contentType = contentType();
			throw new HttpException(415, "Expected " + expected + ", got "
					+ (contentType != null ? "'" + contentType + "'" : "no content-type"));
		}
	}

	@Override
	public String formParam(String name) {
		List<String> values = form().get(name);
		return (values != null) ? values.get(0) : null;
	}

	@Override
	public Map<String, List<String>> form() {
		if (this.form == null) {
			if (isMultipart()) {
				readMultipart();
			}
			else {
				requireContentType(mediaType().equals(FORM),
						"a form body (content-type " + FORM + " or " + MULTIPART + ")");
				requireNoContentCoding();
				Charset charset = bodyCharset();
				this.form = FormDecoder.decode(wholeBody().toString(charset), charset, this.limits.maxParameters(),
						"form fields");
			}
		}
		return this.form;
	}

	@Override
	public Upload upload(String name) {
		List<Upload> uploads = uploads(name);
		return uploads.isEmpty() ? null : uploads.get(0);
	}

	@Override
	public List<Upload> uploads(String name) {
		if (this.uploads == null) {
			requireMultipart();
			readMultipart();
		}
		return this.uploads.getOrDefault(name, List.of());
	}

	@Override
	public Flux<Upload> parts() {
		if (this.parts != null) {
			return Flux.fromIterable(this.parts);
		}
		requireMultipart();
		if (this.stream == null) {
			readMultipart();
			return Flux.fromIterable(this.parts);
		}
		requireNoContentCoding();
		this.partStream = this.multiparts.stream(this.stream, this.requestHeaders, bodyCharset());
		return this.partStream;
	}

	/** Whether the body is {@code multipart/form-data}. */
	boolean isMultipart() {
		return mediaType().equals(MULTIPART);
	}

	private void requireMultipart() {
		requireContentType(isMultipart(), "a " + MULTIPART + " body");
	}

	/** Decodes a multipart body received whole. */
	private void readMultipart() {
		requireNoContentCoding();
		received(this.multiparts.decode(wholeBody(), this.requestHeaders, bodyCharset()));
	}

	private void received(MultipartDecoder.Multipart multipart) {
		this.form = multipart.fields();
		this.uploads = multipart.files();
		this.parts = multipart.parts();
	}

	/**
	 * Decodes a multipart body streamed to a route that takes its body whole, as it
	 * arrives: once it completes, the form and the uploads are at hand.
	 */
	Mono<Void> receiveParts() {
		return Mono.defer(() -> parts().collectList())
			.doOnNext((all) -> received(MultipartDecoder.Multipart.of(all)))
			.then();
	}

	/**
	 * The exchange has ended: deletes the temporary files of its parts that are left.
	 */
	void releaseParts() {
		if (this.partStream != null) {
			this.partStream.destroy();
		}
	}

	// ---- the response

	@Override
	public Context status(int status) {
		this.status = FinalStatus.check(status);
		return this;
	}

	@Override
	public int status() {
		return this.status;
	}

	@Override
	public Context header(String name, String value) {
		if (value != null) {
			this.responseHeaders.set(name, value);
		}
		else {
			this.responseHeaders.remove(name);
		}
		return this;
	}

	@Override
	public HttpHeaders responseHeaders() {
		return this.responseHeaders;
	}

	@Override
	public Context contentType(String contentType) {
		return header(HttpHeaderNames.CONTENT_TYPE.toString(), contentType);
	}

	@Override
	public Context cookie(String name, String value) {
		return cookie(new DefaultCookie(name, value));
	}

	@Override
	public Context cookie(Cookie cookie) {
		this.responseHeaders.add(HttpHeaderNames.SET_COOKIE, ServerCookieEncoder.STRICT.encode(cookie));
		return this;
	}

	// ---- conditional requests

	@Override
	public Optional<Response> checkNotModified(String etag) {
		return checkNotModified(etag, null);
	}

	@Override
	public Optional<Response> checkNotModified(Instant lastModified) {
		return checkNotModified(null, lastModified);
	}

	@Override
	public Optional<Response> checkNotModified(String etag, Instant lastModified) {
		Response notModified = Response.status(304).etag(etag).lastModified(lastModified);
		Preconditions.Unmet unmet = Preconditions.evaluate(this.method, this.requestHeaders, notModified.etag(),
				notModified.lastModified());
		if (unmet == null) {
			return Optional.empty();
		}
		return Optional.of((unmet.status() == 304) ? notModified
				: Response.status(412).body(Problem.of(412, unmet.detail(), path())));
	}

	// ---- the transport

	/** The allocator for response buffers. */
	ByteBufAllocator alloc() {
		return this.transport.alloc(this.handle);
	}

	/**
	 * Sends the status, the headers and a body of known length in one write. Takes
	 * ownership of {@code body}.
	 */
	Publisher<Void> send(ByteBuf body) {
		return this.transport.send(this.handle, this.status, body);
	}

	/**
	 * Whether the status and headers have left, so that the status is what the client
	 * got.
	 */
	public boolean committed() {
		return this.transport.committed(this.handle);
	}

	/** Sends the status and headers, then streams the body in chunks. */
	Publisher<Void> stream(Publisher<ByteBuf> body) {
		return this.transport.stream(this.handle, this.status, body);
	}

	/**
	 * Sends the status and headers, then {@code count} bytes of {@code file} from
	 * {@code position}. Takes ownership of {@code file}.
	 */
	Publisher<Void> sendFile(FileChannel file, long position, long count) {
		return this.transport.sendFile(this.handle, this.status, file, position, count);
	}

	/**
	 * Sets the status to {@code 101}, which only the server's own switch of protocol
	 * answers with, and which {@link #status(int)} refuses for that reason.
	 */
	void switchingProtocols() {
		this.status = 101;
	}

	/**
	 * Answers the request with {@code 101} and switches the connection to WebSocket,
	 * served by {@code handler}.
	 */
	Publisher<Void> webSocket(WebSocketHandler handler) {
		return this.transport.webSocket(this.handle, this, handler);
	}

	@Override
	public String toString() {
		return this.method + " " + path();
	}

}
