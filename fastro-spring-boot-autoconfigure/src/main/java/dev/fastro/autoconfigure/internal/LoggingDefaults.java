package dev.fastro.autoconfigure.internal;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Sets the level of Reactor Netty's logger
 * {@code reactor.netty.http.server.HttpServerOperations} to {@code ERROR}, as a default
 * behind every property source of the application, which may set it otherwise.
 * <p>
 * On Reactor Netty's exchange (with HTTP/2, or with
 * {@code fastro.server.http1-exchange=reactor-netty}), Fastro's guards refuse a malformed
 * request by marking it as failed to decode, and Reactor Netty then logs a {@code WARN}
 * entry for it, the request's head over several lines. Any client could fill the log that
 * way, where Fastro's own exchange logs nothing: the client has its answer, a problem
 * naming what was wrong, and the access log, when on, a line for it. That entry is the
 * logger's only one below {@code ERROR}.
 */
public class LoggingDefaults implements EnvironmentPostProcessor {

	static final String DECODING_FAILURES = "logging.level.reactor.netty.http.server.HttpServerOperations";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		environment.getPropertySources()
			.addLast(new MapPropertySource("fastroLoggingDefaults", Map.of(DECODING_FAILURES, "error")));
	}

}
