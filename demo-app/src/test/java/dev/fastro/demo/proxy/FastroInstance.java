package dev.fastro.demo.proxy;

import java.util.ArrayList;
import java.util.List;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.demo.DemoApplication;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The demo application with {@link EchoRoutes}, booted in this JVM on a loopback port, so
 * that it can be stopped gracefully ({@code context.close()}, what the JVM's shutdown
 * hook runs on SIGTERM) and started again on the port a proxy knows it by.
 */
final class FastroInstance implements AutoCloseable {

	private final String name;

	private final int port;

	private final List<String> arguments;

	private ConfigurableApplicationContext context;

	/**
	 * An instance named {@code name} (what {@link Echo#instance()} says), not started.
	 * @param port its port, or 0 for one the system chooses as it binds: no other process
	 * can take that one first
	 * @param properties more properties, as {@code name=value}
	 */
	FastroInstance(String name, int port, String... properties) {
		this.name = name;
		this.port = port;
		this.arguments = new ArrayList<>(List.of("--fastro.server.address=127.0.0.1", "--fastro.server.port=" + port,
				"--proxy-test.instance=" + name, "--spring.main.banner-mode=off"));
		for (String property : properties) {
			this.arguments.add("--" + property);
		}
	}

	/** Starts the instance: it serves once this returns. */
	FastroInstance start() {
		this.context = new SpringApplicationBuilder(DemoApplication.class, EchoRoutes.class)
			.run(this.arguments.toArray(String[]::new));
		return this;
	}

	/**
	 * Closes the instance's context: readiness refuses traffic, then the server drains.
	 */
	void stop() {
		this.context.close();
	}

	String name() {
		return this.name;
	}

	/** Its port; once started, the one bound. */
	int port() {
		return (this.context != null)
				? this.context.getEnvironment().getRequiredProperty(LocalFastroPort.PROPERTY, Integer.class)
				: this.port;
	}

	EchoRoutes.HandledRequests handled() {
		return this.context.getBean(EchoRoutes.HandledRequests.class);
	}

	@Override
	public void close() {
		if (this.context != null) {
			this.context.close();
		}
	}

}
