package dev.fastro.server.internal;

import java.net.InetSocketAddress;

import dev.fastro.http.internal.Dispatcher;
import reactor.netty.http.server.logging.AccessLog;
import reactor.netty.http.server.logging.AccessLogArgProvider;
import reactor.netty.http.server.logging.AccessLogFactory;

/**
 * The access log's line for one request, written by Reactor Netty's access log on its own
 * logger, {@code reactor.netty.http.server.AccessLog}: Reactor Netty's Common Log Format
 * line (client, user, time, request line, status, body bytes, milliseconds taken), then
 * the pattern of the route its method and path match, {@code -} when none:
 *
 * <pre>
 * 127.0.0.1 - - [01/Dec/2026:01:30:00 +0000] "GET /user/42 HTTP/1.1" 200 7 3 route=/user/:id
 * </pre>
 *
 * The route is looked up again once the request is answered, from the route cache for
 * routes with parameters; only a server with the access log on pays for it.
 */
final class AccessLogLine implements AccessLogFactory {

	private static final String FORMAT = "{} - {} [{}] \"{} {} {}\" {} {} {} route={}";

	private static final String MISSING = "-";

	private final Dispatcher dispatcher;

	AccessLogLine(Dispatcher dispatcher) {
		this.dispatcher = dispatcher;
	}

	@Override
	public AccessLog apply(AccessLogArgProvider args) {
		String client = (args.remoteAddress() instanceof InetSocketAddress address) ? address.getHostString() : MISSING;
		return AccessLog.create(FORMAT, client, orMissing(args.user()), args.zonedDateTime(), args.method(), args.uri(),
				args.protocol(), args.status(), (args.contentLength() > -1) ? args.contentLength() : MISSING,
				args.duration(), route(args.method(), args.uri()));
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

}
