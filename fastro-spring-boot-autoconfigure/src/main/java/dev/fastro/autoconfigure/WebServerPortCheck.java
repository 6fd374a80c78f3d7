package dev.fastro.autoconfigure;

import dev.fastro.autoconfigure.internal.PortClashException;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Fails start-up with a {@link PortClashException} when Spring Boot's embedded web server
 * runs beside Fastro's and both would listen on the same port. The check runs once every
 * bean exists, before either server binds: otherwise the second to bind would fail with a
 * bare "port already in use" that names neither property.
 */
class WebServerPortCheck implements SmartInitializingSingleton {

	/**
	 * What Spring Boot's embedded web servers listen on when {@code server.port} is not
	 * set.
	 */
	private static final int DEFAULT_SERVER_PORT = 8080;

	private final ApplicationContext context;

	private final FastroProperties.Server fastro;

	WebServerPortCheck(ApplicationContext context, FastroProperties.Server fastro) {
		this.context = context;
		this.fastro = fastro;
	}

	@Override
	public void afterSingletonsInstantiated() {
		// A mock web environment, as in most @SpringBootTests, starts no server.
		if (!(this.context instanceof WebServerApplicationContext)) {
			return;
		}
		Environment environment = this.context.getEnvironment();
		int port = environment.getProperty("server.port", Integer.class, DEFAULT_SERVER_PORT);
		// 0 picks a free port and a negative server.port starts no connector, so neither
		// can clash.
		if (port > 0 && port == this.fastro.getPort()
				&& overlap(environment.getProperty("server.address"), this.fastro.getAddress())) {
			throw new PortClashException(port);
		}
	}

	/**
	 * Whether two bind addresses overlap: they do unless both are specific and differ.
	 */
	private static boolean overlap(String first, String second) {
		return isWildcard(first) || isWildcard(second) || first.equals(second);
	}

	private static boolean isWildcard(String address) {
		return !StringUtils.hasText(address) || address.equals("0.0.0.0") || address.equals("::")
				|| address.equals("0:0:0:0:0:0:0:0");
	}

}
