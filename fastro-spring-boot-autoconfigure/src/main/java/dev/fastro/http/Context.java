package dev.fastro.http;

import java.lang.reflect.Type;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.fastro.router.RouteMatch;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.DefaultCookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import io.netty.handler.codec.http.cookie.ServerCookieEncoder;
import org.reactivestreams.Publisher;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JavaType;

/**
 * One request and its response, handed to every middleware and handler.
 * <p>
 * Reading: path parameters, query parameters, headers, cookies and the body. The query string and
 * the body are parsed only when first asked for, and only once. Writing: status, headers and cookies;
 * the body is whatever the handler returns.
 * <p>
 * A context belongs to one request and is not thread-safe; a blocking handler owns it while it runs.
 */
public abstract class Context {

	private static final String FORM = "application/x-www-form-urlencoded";

	private final String method;

	private final String uri;

	private final int queryStart;

	private final HttpHeaders requestHeaders;

	private final HttpHeaders responseHeaders;

	private final ByteBuf body;

	private final RequestLimits limits;

	private final JsonCodec json;

	private RouteMatch<?> match;

	private HttpException routingFailure;

	private int status = 200;

	private Map<AttributeKey<?>, Object> attributes;

	private Map<String, List<String>> query;

	private Map<String, String> cookies;

	private Map<String, List<String>> form;

	private Object parsedBody;

	private Object parsedBodyType;

	/**
	 * Creates the context of one request. Called by the server, not by applications.
	 * @param method the request method, upper case
	 * @param uri the raw request target: path and query, still percent-encoded
	 * @param requestHeaders the request's headers
	 * @param responseHeaders the response's headers, written when the response is sent
	 * @param body the whole request body, owned by the caller, or {@code null} when there was none
	 * @param json the JSON codec
	 * @param limits the limits on what a request may make the server parse
	 */
	protected Context(String method, String uri, HttpHeaders requestHeaders, HttpHeaders responseHeaders,
			ByteBuf body, JsonCodec json, RequestLimits limits) {
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
	 * The path-and-query part of a request target: RFC 9112 lets a client send the absolute form
	 * ({@code GET http://host/path HTTP/1.1}), which routes like its origin form ({@code /path}).
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

	/** The request method, upper case. */
	public String method() {
		return this.method;
	}

	/** The request path, still percent-encoded, without the query string. */
	public String path() {
		return (this.queryStart < 0) ? this.uri : this.uri.substring(0, this.queryStart);
	}

	/** The raw request target: path and query, as the client sent them. */
	public String uri() {
		return this.uri;
	}

	/** The pattern of the matched route, such as {@code /users/:id}, or {@code null} when none matched. */
	public String routePattern() {
		return (this.match != null) ? this.match.route().pattern() : null;
	}

	void match(RouteMatch<?> match) {
		this.match = match;
	}

	/** Why the request is not routed: a malformed percent-escape, a refusal before routing, or {@code null}. */
	HttpException routingFailure() {
		return this.routingFailure;
	}

	void routingFailure(HttpException failure) {
		this.routingFailure = failure;
	}

	// ---- path parameters

	/**
	 * The percent-decoded value of a path parameter of the matched route.
	 * @throws IllegalArgumentException if the route declares no such parameter
	 */
	public String param(String name) {
		String value = (this.match != null) ? this.match.param(name) : null;
		if (value == null) {
			throw new IllegalArgumentException("Route " + this.method + " " + routePattern() + " has no parameter '"
					+ name + "'");
		}
		return value;
	}

	/** A path parameter as a {@code long}; a value that is not a whole number is a 400. */
	public long paramLong(String name) {
		return wholeNumber("Path parameter", name, param(name));
	}

	/** A path parameter as an {@code int}; a value that is not a whole number in range is a 400. */
	public int paramInt(String name) {
		long value = paramLong(name);
		if (value != (int) value) {
			throw HttpException.badRequest("Path parameter '" + name + "' is out of range: " + value);
		}
		return (int) value;
	}

	/** All path parameters of the matched route, by name, in pattern order. */
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

	/** The first value of a query parameter, decoded as HTML forms encode it, or {@code null}. */
	public String query(String name) {
		List<String> values = queryMap().get(name);
		return (values != null) ? values.get(0) : null;
	}

	/** A required query parameter as a {@code long}; a missing one, or one that is not a whole number, is a 400. */
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

	/** All values of a query parameter, in order; empty when absent. */
	public List<String> queries(String name) {
		return queryMap().getOrDefault(name, List.of());
	}

	/** Every query parameter with its values, in order. Parsed on first use. */
	public Map<String, List<String>> queryMap() {
		if (this.query == null) {
			this.query = (this.queryStart < 0) ? Map.of()
					: FormDecoder.decode(this.uri.substring(this.queryStart + 1), this.limits.maxParameters(),
							"query parameters");
		}
		return this.query;
	}

	// ---- headers and cookies

	/** The first value of a request header, or {@code null}. Names are case-insensitive. */
	public String header(String name) {
		return this.requestHeaders.get(name);
	}

	/** All values of a request header; empty when absent. */
	public List<String> headers(String name) {
		return this.requestHeaders.getAll(name);
	}

	/** The request headers, read-only by contract. */
	public HttpHeaders requestHeaders() {
		return this.requestHeaders;
	}

	/** The value of a request cookie, or {@code null}. */
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

	/** The client's address as the connection reports it. */
	public abstract InetSocketAddress remoteAddress();

	// ---- attributes

	/** The value of a request attribute, or {@code null}. */
	public <T> T get(AttributeKey<T> key) {
		return (this.attributes != null) ? key.cast(this.attributes.get(key)) : null;
	}

	/** Sets a request attribute, for middleware to hand values to handlers. */
	public <T> Context set(AttributeKey<T> key, T value) {
		if (this.attributes == null) {
			this.attributes = new IdentityHashMap<>(4);
		}
		this.attributes.put(key, value);
		return this;
	}

	// ---- the body

	/** The request's content type, or {@code null}. */
	public String contentType() {
		return this.requestHeaders.get(HttpHeaderNames.CONTENT_TYPE);
	}

	/** The body as bytes; empty when there is none. */
	public byte[] bodyBytes() {
		return ByteBufUtil.getBytes(this.body);
	}

	/** The body as text, in the charset of its content type, UTF-8 when it names none. */
	public String bodyString() {
		Charset charset = HttpUtil.getCharset(contentType(), StandardCharsets.UTF_8);
		return this.body.toString(charset);
	}

	/**
	 * The JSON body read into {@code type}, once: later calls with the same type return the same object.
	 * A body whose content type is not JSON is a 415; malformed JSON or JSON that does not fit the type
	 * is a 400 naming where.
	 */
	public <T> T body(Class<T> type) {
		return type.cast(readJson(type, type));
	}

	/** The JSON body read into a generic type, such as {@code new TypeReference<List<User>>() {}}. */
	@SuppressWarnings("unchecked")
	public <T> T body(TypeReference<T> type) {
		return (T) readJson(type.getType(), type.getType());
	}

	private Object readJson(Object cacheKey, Type type) {
		if (this.parsedBodyType != cacheKey) {
			requireJson();
			JavaType javaType = this.json.type(type);
			this.parsedBody = this.json.read(this.body, javaType);
			this.parsedBodyType = cacheKey;
		}
		return this.parsedBody;
	}

	private void requireJson() {
		String mediaType = mediaType();
		requireContentType(mediaType.equals("application/json") || mediaType.endsWith("+json"),
				"a JSON body (content-type application/json)");
	}

	/** The request's media type, lower case and without parameters; empty when it names none. */
	private String mediaType() {
		String contentType = contentType();
		CharSequence mime = (contentType != null) ? HttpUtil.getMimeType(contentType) : null;
		return (mime != null) ? mime.toString().toLowerCase(Locale.ROOT) : "";
	}

	private void requireContentType(boolean accepted, String expected) {
		if (!accepted) {
			String contentType = contentType();
			throw new HttpException(415, "Expected " + expected + ", got "
					+ (contentType != null ? "'" + contentType + "'" : "no content-type"));
		}
	}

	/** The first value of an url-encoded form field, or {@code null}. */
	public String formParam(String name) {
		List<String> values = form().get(name);
		return (values != null) ? values.get(0) : null;
	}

	/**
	 * The body as an {@code application/x-www-form-urlencoded} form, parsed once. Another content type
	 * is a 415.
	 */
	public Map<String, List<String>> form() {
		if (this.form == null) {
			requireContentType(mediaType().equals(FORM), "a form body (content-type " + FORM + ")");
			this.form = FormDecoder.decode(bodyString(), this.limits.maxParameters(), "form fields");
		}
		return this.form;
	}

	// ---- the response

	/** Sets the response status; the default is 200, or 204 when the handler returns nothing. */
	public Context status(int status) {
		if (status < 100 || status > 599) {
			throw new IllegalArgumentException("HTTP status must be between 100 and 599, not " + status);
		}
		this.status = status;
		return this;
	}

	/** The response status set so far. */
	public int status() {
		return this.status;
	}

	/** Sets a response header, replacing any value it had. */
	public Context header(String name, String value) {
		this.responseHeaders.set(name, value);
		return this;
	}

	/** The response headers, sent with the response. */
	public HttpHeaders responseHeaders() {
		return this.responseHeaders;
	}

	/** Sets the response's content type, which Fastro otherwise chooses from the result. */
	public Context contentType(String contentType) {
		return header(HttpHeaderNames.CONTENT_TYPE.toString(), contentType);
	}

	/** Adds a {@code set-cookie} header for a cookie with the given name and value. */
	public Context cookie(String name, String value) {
		return cookie(new DefaultCookie(name, value));
	}

	/** Adds a {@code set-cookie} header, with the cookie's path, domain, max-age and flags. */
	public Context cookie(Cookie cookie) {
		this.responseHeaders.add(HttpHeaderNames.SET_COOKIE, ServerCookieEncoder.STRICT.encode(cookie));
		return this;
	}

	// ---- the transport, implemented by the server

	/** The allocator for response buffers. */
	protected abstract ByteBufAllocator alloc();

	/** Sends the status, the headers and a body of known length in one write. Takes ownership of {@code body}. */
	protected abstract Publisher<Void> send(ByteBuf body);

	/** Sends the status and headers, then streams the body in chunks. */
	protected abstract Publisher<Void> stream(Publisher<ByteBuf> body);

	/** Whether the client asked for a {@code HEAD}: the response carries headers and no body. */
	boolean isHead() {
		return "HEAD".equals(this.method);
	}

	@Override
	public String toString() {
		return this.method + " " + path();
	}

}
