package dev.fastro.demo.hardening;

import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.autoconfigure.FastroServerCustomizer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerState;

/**
 * Watches the server's connections as an application can, through a
 * {@link FastroServerCustomizer}: how many are open, and whether Reactor Netty's exchange
 * has received requests on them. Reactor Netty tells its connection observers of each
 * request its exchange receives; Fastro's own exchange answers requests before Reactor
 * Netty sees them.
 */
class ConnectionWatch implements FastroServerCustomizer {

	private final AtomicInteger open = new AtomicInteger();

	private volatile boolean reactorNettyReceivedRequests;

	@Override
	public HttpServer apply(HttpServer server) {
		return server.doOnChannelInit((observer, channel, remote) -> {
			this.open.incrementAndGet();
			channel.closeFuture().addListener((closed) -> this.open.decrementAndGet());
		}).childObserve((connection, state) -> {
			if (state == HttpServerState.REQUEST_RECEIVED) {
				this.reactorNettyReceivedRequests = true;
			}
		});
	}

	/** How many client connections are open. */
	int openConnections() {
		return this.open.get();
	}

	/** Whether Reactor Netty's exchange has received any request. */
	boolean reactorNettyReceivedRequests() {
		return this.reactorNettyReceivedRequests;
	}

}
