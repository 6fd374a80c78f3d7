package dev.fastro.perf.servers;

import dev.fastro.perf.Workload;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRoutes;

/**
 * The native row of the route-count experiment. With hundreds of routes nobody writes
 * {@code if} dispatch; Reactor Netty's own documented answer is
 * {@code HttpServer.route(...)}, so this server declares {@code --perf.routes=N}
 * generated {@code /r<i>/user/{id}} routes and then the five scenarios through it.
 * {@link HttpServerRoutes} tries the routes in declaration order.
 */
public final class NativeRoutedServer {

	private NativeRoutedServer() {
	}

	/**
	 * Starts the server and blocks until it is stopped.
	 * @param args {@code --port=N --perf.routes=N}
	 */
	public static void main(String[] args) {
		ServerArgs arguments = ServerArgs.parse(args);
		int port = arguments.intValue(ServerArgs.PORT, 8080);
		int generated = arguments.intValue(ServerArgs.ROUTES, 0);
		DisposableServer server = HttpServer.create().port(port).route(routes -> declare(routes, generated)).bindNow();
		server.onDispose().block();
	}

	private static void declare(HttpServerRoutes routes, int generated) {
		for (int i = 0; i < generated; i++) {
			routes.get(Workload.generatedRoutePrefix(i) + "{id}",
					(req, res) -> NativeServer.text(res, "User " + req.param("id")));
		}
		routes.get("/", (req, res) -> NativeServer.text(res, "Hello world!"))
			.get("/user/{id}", (req, res) -> NativeServer.text(res, "User " + req.param("id")))
			.get("/query", NativeServer::query)
			.get("/middleware", (req, res) -> NativeServer.middleware(res))
			.post("/json", NativeServer::json);
	}

}
