package dev.fastro.autoconfigure;

import java.util.function.Function;

import reactor.netty.http.server.HttpServer;

/**
 * Adjusts Reactor Netty's {@link HttpServer} before Fastro's server binds, as Spring
 * Boot's {@code NettyServerCustomizer} does for its own: declare one as a bean to set any
 * Reactor Netty option without replacing Fastro's server.
 * <p>
 * Customizers run in their {@link org.springframework.core.annotation.Order order}, after
 * Fastro's own configuration (so a customizer can change any of it) and before Fastro
 * installs its request handler. A server with a customizer has Reactor Netty serve its
 * HTTP/1.1 exchanges, since a customizer may change them, where a server without one has
 * Fastro serve them at less cost per request:
 *
 * <pre class="code">
 * &#64;Bean
 * FastroServerCustomizer wiretap() {
 *     return server -&gt; server.wiretap(true);
 * }
 * </pre>
 */
@FunctionalInterface
public interface FastroServerCustomizer extends Function<HttpServer, HttpServer> {

}
