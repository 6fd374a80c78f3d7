package dev.fastro.autoconfigure;

import java.net.InetSocketAddress;

import org.springframework.context.ApplicationEvent;

/** Published when the Fastro server is bound and serving; carries the bound address. */
public class FastroServerStartedEvent extends ApplicationEvent {

	private final InetSocketAddress address;

	public FastroServerStartedEvent(Object source, InetSocketAddress address) {
		super(source);
		this.address = address;
	}

	/** The address the server is bound to. */
	public InetSocketAddress getAddress() {
		return this.address;
	}

	/**
	 * The port the server listens on: the one chosen when {@code fastro.server.port} is
	 * 0.
	 */
	public int getPort() {
		return this.address.getPort();
	}

}
