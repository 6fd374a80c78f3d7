package dev.fastro.demo.hardening;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.fastro.demo.DemoApplication;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * The demo app with small limits and timeouts, the test routes of {@link HostileRoutes}
 * and a {@link ConnectionWatch}, shared (one cached context) by the hardening test
 * classes. The property test starts the same settings itself, from {@link #PROPERTIES}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SpringBootTest(classes = { DemoApplication.class, HostileRoutes.class, ConnectionWatch.class },
		properties = { HostileApp.PORT, HostileApp.MAX_INITIAL_LINE_LENGTH, HostileApp.MAX_HEADER_SIZE,
				HostileApp.MAX_BODY_SIZE, HostileApp.READ_TIMEOUT, HostileApp.IDLE_TIMEOUT, HostileApp.REQUEST_TIMEOUT,
				HostileApp.MAX_PARAMETERS, HostileApp.SHUTDOWN_TIMEOUT })
public @interface HostileApp {

	String PORT = "fastro.server.port=0";

	String MAX_INITIAL_LINE_LENGTH = "fastro.server.max-initial-line-length=1KB";

	String MAX_HEADER_SIZE = "fastro.server.max-header-size=2KB";

	String MAX_BODY_SIZE = "fastro.server.max-body-size=64KB";

	String READ_TIMEOUT = "fastro.server.read-timeout=1s";

	String IDLE_TIMEOUT = "fastro.server.idle-timeout=2s";

	String REQUEST_TIMEOUT = "fastro.server.request-timeout=1s";

	String MAX_PARAMETERS = "fastro.server.max-parameters=20";

	/**
	 * So that a request a missing feature left hanging cannot hold the context's close
	 * for long.
	 */
	String SHUTDOWN_TIMEOUT = "fastro.server.shutdown-timeout=1s";

	String[] PROPERTIES = { PORT, MAX_INITIAL_LINE_LENGTH, MAX_HEADER_SIZE, MAX_BODY_SIZE, READ_TIMEOUT, IDLE_TIMEOUT,
			REQUEST_TIMEOUT, MAX_PARAMETERS, SHUTDOWN_TIMEOUT };

	/** The values above, for assertions. */
	int MAX_INITIAL_LINE_BYTES = 1024;

	int MAX_HEADER_BYTES = 2048;

	int MAX_BODY_BYTES = 64 * 1024;

	long READ_TIMEOUT_MILLIS = 1000;

	long IDLE_TIMEOUT_MILLIS = 2000;

	long REQUEST_TIMEOUT_MILLIS = 1000;

	int MAX_PARAMETER_COUNT = 20;

}
