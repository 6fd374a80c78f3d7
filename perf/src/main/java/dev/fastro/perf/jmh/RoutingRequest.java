package dev.fastro.perf.jmh;

import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.multipart.HttpData;
import reactor.core.publisher.Flux;
import reactor.netty.ByteBufFlux;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerFormDecoderProvider;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * A request for {@link reactor.netty.http.server.HttpServerRoutes} alone: a real one
 * needs a live connection. It answers what routing reads (method, URI, the parameter
 * resolver the matched route sets) with plain fields, so the benchmark measures the
 * routes and not a mock; everything else throws. One instance is reused, as JMH runs one
 * lookup at a time per thread.
 */
final class RoutingRequest implements HttpServerRequest {

	/**
	 * The response for a miss, where the routes call only {@code sendNotFound()} and
	 * return its result.
	 */
	static final HttpServerResponse NOT_FOUND_RESPONSE = (HttpServerResponse) Proxy.newProxyInstance(
			RoutingRequest.class.getClassLoader(), new Class<?>[] { HttpServerResponse.class },
			(proxy, method, args) -> {
				if (method.getName().equals("sendNotFound")) {
					return null;
				}
				throw unsupported();
			});

	private HttpMethod method;

	private String uri;

	private Function<? super String, Map<String, String>> resolver;

	/** What the matched route's handler resolved, the lookup's result. */
	Map<String, String> resolved;

	void reset(HttpMethod method, String uri) {
		this.method = method;
		this.uri = uri;
		this.resolver = null;
		this.resolved = null;
	}

	@Override
	public HttpMethod method() {
		return this.method;
	}

	@Override
	public String uri() {
		return this.uri;
	}

	@Override
	public String fullPath() {
		return this.uri;
	}

	@Override
	public HttpVersion version() {
		return HttpVersion.HTTP_1_1;
	}

	@Override
	public HttpServerRequest paramsResolver(Function<? super String, Map<String, String>> resolver) {
		this.resolver = resolver;
		return this;
	}

	@Override
	public Map<String, String> params() {
		return (this.resolver != null) ? this.resolver.apply(this.uri) : null;
	}

	@Override
	public String param(CharSequence name) {
		Map<String, String> params = params();
		return (params != null) ? params.get(name.toString()) : null;
	}

	@Override
	public Map<CharSequence, List<Cookie>> allCookies() {
		throw unsupported();
	}

	@Override
	public SocketAddress connectionHostAddress() {
		throw unsupported();
	}

	@Override
	public SocketAddress connectionRemoteAddress() {
		throw unsupported();
	}

	@Override
	public String connectionScheme() {
		throw unsupported();
	}

	@Override
	public Map<CharSequence, Set<Cookie>> cookies() {
		throw unsupported();
	}

	@Override
	public String forwardedPrefix() {
		throw unsupported();
	}

	@Override
	public InetSocketAddress hostAddress() {
		throw unsupported();
	}

	@Override
	public String hostName() {
		throw unsupported();
	}

	@Override
	public int hostPort() {
		throw unsupported();
	}

	@Override
	public boolean isFormUrlencoded() {
		throw unsupported();
	}

	@Override
	public boolean isKeepAlive() {
		throw unsupported();
	}

	@Override
	public boolean isMultipart() {
		throw unsupported();
	}

	@Override
	public boolean isWebsocket() {
		throw unsupported();
	}

	@Override
	public String protocol() {
		throw unsupported();
	}

	@Override
	public Flux<HttpData> receiveForm() {
		throw unsupported();
	}

	@Override
	public Flux<HttpData> receiveForm(Consumer<HttpServerFormDecoderProvider.Builder> formDecoderOptions) {
		throw unsupported();
	}

	@Override
	public Flux<?> receiveObject() {
		throw unsupported();
	}

	@Override
	public ByteBufFlux receive() {
		throw unsupported();
	}

	@Override
	public InetSocketAddress remoteAddress() {
		throw unsupported();
	}

	@Override
	public HttpHeaders requestHeaders() {
		throw unsupported();
	}

	@Override
	public String requestId() {
		throw unsupported();
	}

	@Override
	public String scheme() {
		throw unsupported();
	}

	@Override
	public ZonedDateTime timestamp() {
		throw unsupported();
	}

	@Override
	public HttpServerRequest withConnection(Consumer<? super Connection> withConnection) {
		throw unsupported();
	}

	private static UnsupportedOperationException unsupported() {
		return new UnsupportedOperationException("not needed for routing");
	}

}
