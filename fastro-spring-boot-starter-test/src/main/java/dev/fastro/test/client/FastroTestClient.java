package dev.fastro.test.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.fastro.http.Routes;
import dev.fastro.http.spi.RequestPipeline;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ApplicationContext;

/**
 * A client for testing Fastro routes, with one request builder and one set of assertions
 * whichever way it reaches them:
 * <ul>
 * <li>{@link #bindTo(Routes...)}: in this process, through routes alone, without Spring
 * (a default JSON mapper);</li>
 * <li>{@link #bindTo(ApplicationContext)}: in this process, through the application's
 * {@link RequestPipeline}, so its middleware, hooks, exception handlers, JSON mapper and
 * observations apply;</li>
 * <li>{@link #bindToServer(int, JsonMapper)}: over HTTP, to a running server.</li>
 * </ul>
 * In process, a request goes through the same pipeline and result writer as in the
 * server, with no socket and no event loop, and the answer is what the server writes, but
 * for what the server's connection adds on its own: the {@code Date} header, the
 * {@code connection} header of a connection it closes, {@code 100 Continue}, and the
 * refusals of the connection guards and of the body reader (malformed or oversized
 * requests, 408, 413, 417). Test those over HTTP.
 * <p>
 * In process, {@link #with(TestRequest.Customizer) with(...)} prepares requests as
 * middleware in front of the application's would, such as to run them as a user; over
 * HTTP, a request carries only what a client sends.
 *
 * <pre>{@code
 * FastroTestClient client = FastroTestClient.bindTo(routes);
 * assertThat(client.get("/user/42").exchange()).hasStatus(200).hasBody("User 42");
 * }</pre>
 */
public final class FastroTestClient {

	/** How long a request may take before the test fails. */
	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final Connector connector;

	/** What every request of this client is prepared with. */
	private final List<TestRequest.Customizer> customizers;

	private FastroTestClient(Connector connector, List<TestRequest.Customizer> customizers) {
		this.connector = connector;
		this.customizers = customizers;
	}

	private FastroTestClient(Connector connector) {
		this(connector, List.of());
	}

	/**
	 * A client of routes alone, without Spring: no global middleware, hooks or exception
	 * handlers, and a default JSON mapper.
	 * @param routes the routes to serve
	 * @return the client
	 */
	public static FastroTestClient bindTo(Routes... routes) {
		return bindTo(JsonMapper.builder().build(), routes);
	}

	/**
	 * A client of routes alone, without Spring, with the given JSON mapper.
	 * @param jsonMapper the mapper for JSON bodies
	 * @param routes the routes to serve
	 * @return the client
	 */
	public static FastroTestClient bindTo(JsonMapper jsonMapper, Routes... routes) {
		return new FastroTestClient(
				new InProcessConnector(RequestPipeline.of(jsonMapper, List.of(routes)), null, TIMEOUT));
	}

	/**
	 * A client of an application's Fastro request pipeline, in this process: the
	 * application's routes, middleware, hooks, exception handlers, JSON mapper, validator
	 * and observations apply; its server, if any, is not involved.
	 * @param context an application context with Fastro's auto-configuration
	 * @return the client
	 */
	public static FastroTestClient bindTo(ApplicationContext context) {
		return new FastroTestClient(new InProcessConnector(context.getBean(RequestPipeline.class), context, TIMEOUT));
	}

	/**
	 * A client of a server running on this machine, over HTTP/1.1.
	 * @param port the server's port
	 * @param jsonMapper the mapper for JSON bodies
	 * @return the client
	 */
	public static FastroTestClient bindToServer(int port, JsonMapper jsonMapper) {
		return new FastroTestClient(new HttpConnector("http://127.0.0.1:" + port, jsonMapper, TIMEOUT));
	}

	/**
	 * A client whose requests are all prepared with {@code customizer}, before those
	 * given to each request, such as one that runs every request as a user:
	 *
	 * <pre>{@code
	 * FastroTestClient admin = client.with(user("root").roles("ADMIN"));
	 * }</pre>
	 * @param customizer what to do to every request
	 * @return a new client; this one is unchanged
	 * @throws IllegalStateException when this client calls a server over HTTP
	 * @see TestRequest#with(TestRequest.Customizer)
	 */
	public FastroTestClient with(TestRequest.Customizer customizer) {
		TestRequest.checkInProcess(this.connector);
		List<TestRequest.Customizer> all = new ArrayList<>(this.customizers);
		all.add(customizer);
		return new FastroTestClient(this.connector, List.copyOf(all));
	}

	/**
	 * A {@code GET} request.
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request, to complete and {@link TestRequest#exchange() exchange}
	 */
	public TestRequest get(String pathAndQuery) {
		return method("GET", pathAndQuery);
	}

	/**
	 * A {@code HEAD} request.
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request
	 */
	public TestRequest head(String pathAndQuery) {
		return method("HEAD", pathAndQuery);
	}

	/**
	 * A {@code POST} request.
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request
	 */
	public TestRequest post(String pathAndQuery) {
		return method("POST", pathAndQuery);
	}

	/**
	 * A {@code PUT} request.
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request
	 */
	public TestRequest put(String pathAndQuery) {
		return method("PUT", pathAndQuery);
	}

	/**
	 * A {@code PATCH} request.
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request
	 */
	public TestRequest patch(String pathAndQuery) {
		return method("PATCH", pathAndQuery);
	}

	/**
	 * A {@code DELETE} request.
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request
	 */
	public TestRequest delete(String pathAndQuery) {
		return method("DELETE", pathAndQuery);
	}

	/**
	 * An {@code OPTIONS} request.
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request
	 */
	public TestRequest options(String pathAndQuery) {
		return method("OPTIONS", pathAndQuery);
	}

	/**
	 * A request with any method.
	 * @param method the method, upper case
	 * @param pathAndQuery the path, and a query string if any, percent-encoded but for
	 * characters beyond ASCII, which are encoded as UTF-8 as browsers do
	 * @return the request
	 */
	public TestRequest method(String method, String pathAndQuery) {
		return new TestRequest(this.connector, this.customizers, method, pathAndQuery);
	}

}
