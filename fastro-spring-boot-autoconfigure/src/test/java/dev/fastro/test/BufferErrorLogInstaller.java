package dev.fastro.test;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

/**
 * Puts the {@link BufferErrorLog} back on the logging configuration Spring Boot has just
 * made anew for an application a test starts. Registered in {@code spring.factories} of
 * the test jar, ordered after Spring Boot's own logging listener.
 */
public final class BufferErrorLogInstaller
		implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		BufferErrorLog.install();
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
