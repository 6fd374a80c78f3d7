package dev.fastro.demo.proxy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.fastro.http.Context;
import dev.fastro.http.Handler;
import dev.fastro.http.Routes;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The route the proxy tests call through a proxy, {@code /proxy/echo} (GET, and POST with
 * any body): it answers an {@link Echo} and records, in {@link HandledRequests}, the id
 * of every request that reaches it.
 */
@TestConfiguration(proxyBeanMethods = false)
class EchoRoutes {

	@Bean
	HandledRequests handledRequests() {
		return new HandledRequests();
	}

	@Bean
	Routes proxyEchoRoutes(@Value("${proxy-test.instance:fastro}") String instance, HandledRequests handled) {
		Handler echo = (ctx) -> {
			handled.ids.add(String.valueOf(ctx.query("id")));
			return echo(instance, ctx);
		};
		return Routes.builder().get("/proxy/echo", echo).post("/proxy/echo", echo).build();
	}

	private static Echo echo(String instance, Context ctx) {
		return new Echo(instance, ctx.query("id"), ctx.remoteAddress().getHostString(), ctx.remoteAddress().getPort(),
				ctx.scheme(), ctx.host(), ctx.port());
	}

	/**
	 * The ids of the requests that reached {@code /proxy/echo}, in the order they did;
	 * {@code "null"} for a request without one.
	 */
	static final class HandledRequests {

		private final List<String> ids = Collections.synchronizedList(new ArrayList<>());

		/** The ids handled so far, from the {@code from}-th on. */
		List<String> since(int from) {
			synchronized (this.ids) {
				return List.copyOf(this.ids.subList(from, this.ids.size()));
			}
		}

		int count() {
			return this.ids.size();
		}

	}

}
