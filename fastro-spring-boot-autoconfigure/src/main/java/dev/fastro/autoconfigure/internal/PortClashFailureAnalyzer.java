package dev.fastro.autoconfigure.internal;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Analyzes a {@link PortClashException}: Fastro's server and Spring Boot's embedded web
 * server would share a port, which happens as soon as WebFlux or MVC joins Fastro with
 * neither port set.
 */
class PortClashFailureAnalyzer extends AbstractFailureAnalyzer<PortClashException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, PortClashException cause) {
		int port = cause.getPort();
		String description = "Fastro's server and the application's embedded web server (WebFlux or MVC) would both "
				+ "listen on port " + port + ": fastro.server.port and server.port are both " + port
				+ ((port == 8080) ? ", the default of each." : ".");
		String action = "Set fastro.server.port or server.port to another port, for example fastro.server.port="
				+ ((port < 65535) ? port + 1 : port - 1) + ". If Fastro alone should serve HTTP, set "
				+ "spring.main.web-application-type=none.";
		return new FailureAnalysis(description, action, cause);
	}

}
