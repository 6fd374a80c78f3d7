package dev.fastro.perf.peers;

import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

import jakarta.servlet.http.Cookie;

/**
 * Boot's default web stack: a Spring Boot application with
 * {@code spring-boot-starter-webmvc} on Tomcat and functional endpoints
 * ({@code RouterFunctions} of {@code org.springframework.web.servlet.function}), default
 * settings except the port ({@code --server.port}). The harness runs it twice: on
 * platform threads (Tomcat's default pool), and with
 * {@code --spring.threads.virtual.enabled=true} on a JDK 21+, where Tomcat runs each
 * request on a virtual thread. The middleware scenario is three
 * {@link HandlerFilterFunction}s doing what the Fastro app's middlewares do.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class MvcServer {

	static final String TEXT_PLAIN = "text/plain; charset=utf-8";

	/** How Tomcat writes {@link #TEXT_PLAIN} back: without the space. */
	static final String TOMCAT_TEXT_PLAIN = "text/plain;charset=utf-8";

	private static final String USER = "user";

	private final LongAdder middlewareNanos = new LongAdder();

	/**
	 * Starts the application.
	 * @param args Spring Boot arguments, such as {@code --server.port=8080}
	 */
	public static void main(String[] args) {
		SpringApplication.run(MvcServer.class, args);
	}

	/**
	 * The five scenarios.
	 * @return the router function
	 */
	@Bean
	RouterFunction<ServerResponse> benchmarkRoutes() {
		HandlerFilterFunction<ServerResponse, ServerResponse> timing = (req, next) -> {
			long start = System.nanoTime();
			try {
				return next.handle(req);
			}
			finally {
				this.middlewareNanos.add(System.nanoTime() - start);
			}
		};
		HandlerFilterFunction<ServerResponse, ServerResponse> setUser = (req, next) -> {
			req.attributes().put(USER, "fastro");
			return next.handle(req);
		};
		// A built ServerResponse has read-only headers, so the header is added to the
		// servlet response when the handler's answer is written.
		HandlerFilterFunction<ServerResponse, ServerResponse> copyUser = (req, next) -> new WithHeader(next.handle(req),
				"x-user", (String) req.attribute(USER).orElse(null));
		return RouterFunctions.route()
			.GET("/", req -> text("Hello world!"))
			.GET("/user/{id}", req -> text("User " + req.pathVariable("id")))
			.GET("/query", req -> text("Hello " + req.param("name").orElse(null)))
			.add(RouterFunctions.route()
				.GET("/middleware", req -> text("Hello " + req.attribute(USER).orElse(null)))
				.filter(copyUser)
				.filter(setUser)
				.filter(timing)
				.build())
			.POST("/json",
					req -> ServerResponse.ok()
						.contentType(MediaType.APPLICATION_JSON)
						.body(req.body(PeerPayload.class)))
			.build();
	}

	private static ServerResponse text(String body) {
		return ServerResponse.ok().header(HttpHeaders.CONTENT_TYPE, TEXT_PLAIN).body(body);
	}

	/**
	 * A response that adds one header to the servlet response, then writes another
	 * response.
	 */
	private record WithHeader(ServerResponse delegate, String name, String value) implements ServerResponse {

		@Override
		public HttpStatusCode statusCode() {
			return this.delegate.statusCode();
		}

		@Override
		public HttpHeaders headers() {
			return this.delegate.headers();
		}

		@Override
		public MultiValueMap<String, Cookie> cookies() {
			return this.delegate.cookies();
		}

		@Override
		public ModelAndView writeTo(HttpServletRequest request, HttpServletResponse response, Context context)
				throws ServletException, IOException {
			response.setHeader(this.name, this.value);
			return this.delegate.writeTo(request, response, context);
		}

	}

}
