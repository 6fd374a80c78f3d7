package dev.fastro.autoconfigure;

import java.util.function.Function;

import reactor.netty.http.server.HttpServer;

/**
 * Adjusts Reactor Netty's {@link HttpServer} before Fastro's server binds, as Spring
 * Boot's {@code NettyServerCustomizer} does for its own: declare one as a bean to set any
 * Reactor Netty option without replacing Fastro's server.
 * <p>
 * Customizers run in their {@link org.springframework.core.annotation.Order order}, after
 * Fastro's own configuration and before Fastro installs its request handler. On Fastro's
 * own HTTP/1.1 exchange a customizer may change what concerns connections (socket and
 * channel options, wiretap, connection metrics, {@code doOnChannelInit}, pipeline
 * handlers before Fastro's); one that changes request handling, which only Reactor
 * Netty's exchange applies, fails start-up naming the setting, unless
 * {@code fastro.server.http1-exchange=reactor-netty} has Reactor Netty serve HTTP/1.1:
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
