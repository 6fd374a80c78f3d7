package dev.fastro.server.internal;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import dev.fastro.http.internal.Dispatcher;
import reactor.netty.http.server.ConnectionInformation;
import reactor.netty.http.server.logging.AccessLog;
import reactor.netty.http.server.logging.AccessLogArgProvider;
import reactor.netty.http.server.logging.AccessLogFactory;

/**
 * The access log's line for one request, written on Reactor Netty's access-log logger,
 * {@code reactor.netty.http.server.AccessLog}: Reactor Netty's Common Log Format line
 * (client, user, time, request line, status, body bytes, milliseconds taken), then the
 * pattern of the route its method and path match, {@code -} when none. The client is the
 * one {@code ctx.remoteAddress()} names, behind a proxy too:
 *
 * <pre>
 * 127.0.0.1 - - [01/Dec/2026:01:30:00 +0000] "GET /user/42 HTTP/1.1" 200 7 3 route=/user/:id
 * </pre>
 *
 * HTTP/2 streams get it through Reactor Netty's access log, as its
 * {@link AccessLogFactory}; HTTP/1.1 connections through {@link Http1AccessLog}, on
 * either exchange. The route is looked up again once the request is answered, from the
 * route cache for routes with parameters; only a server with the access log on pays for
 * it.
 */
final class AccessLogLine implements AccessLogFactory {

	private static final String FORMAT = "{} - {} [{}] \"{} {} {}\" {} {} {} route={}";

	private static final String MISSING = "-";

	// Common Log Format names months in English, whatever the JVM's locale.
	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH)
		.withZone(ZoneId.systemDefault());

	private final FormattedSecond<String> times = new FormattedSecond<>(
			(second) -> TIME.format(Instant.ofEpochSecond(second)));

	private final Dispatcher dispatcher;

	AccessLogLine(Dispatcher dispatcher) {
		this.dispatcher = dispatcher;
	}

	@Override
	public AccessLog apply(AccessLogArgProvider args) {
		ZonedDateTime time = args.accessDateTime();
		ConnectionInformation connection = args.connectionInformation();
		return line((connection != null) ? connection.remoteAddress() : args.remoteAddress(),
				(time != null) ? time.toInstant().toEpochMilli() : System.currentTimeMillis(), args.method(),
				args.uri(), args.protocol(), args.status(), args.contentLength(), args.duration());
	}

	/**
	 * The line of one request.
	 * @param client the client: as forwarded headers name it when they are read, else the
	 * connection's peer
	 * @param time when the request arrived, in milliseconds after the epoch
	 * @param method the request's method, or {@code null} when no request was decoded
	 * @param uri the request's target, as the client sent it
	 * @param protocol the request's protocol, such as {@code HTTP/1.1}
	 * @param status the status of the answer
	 * @param bytes the bytes of the answer's body as sent, or {@code -1} when unknown
	 * @param millis how long the request took to answer
	 */
	Entry line(SocketAddress client, long time, CharSequence method, CharSequence uri, String protocol,
			CharSequence status, long bytes, long millis) {
		return new Entry(FORMAT, (client instanceof InetSocketAddress address) ? address.getHostString() : MISSING,
				MISSING, this.times.at(time), orMissing(method), orMissing(uri), orMissing(protocol), status,
				(bytes > -1) ? bytes : MISSING, millis, route(method, uri));
	}

	private String route(CharSequence method, CharSequence uri) {
		if (method == null || uri == null) {
			return MISSING;
		}
		String target = uri.toString();
		int query = target.indexOf('?');
		String pattern = this.dispatcher.routePattern(method.toString(),
				(query < 0) ? target : target.substring(0, query));
		return (pattern != null) ? pattern : MISSING;
	}

	private static Object orMissing(Object value) {
		return (value != null) ? value : MISSING;
	}

	/**
	 * Reactor Netty's entry, which only Reactor Netty's access log may write, opened to
	 * {@link Http1AccessLog}: on the same logger, at the same level.
	 */
	static final class Entry extends AccessLog {

		private Entry(String format, Object... args) {
			super(format, args);
		}

		@Override
		public void log() {
			super.log();
		}

	}

}
