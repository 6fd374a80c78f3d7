package dev.fastro.demo.hardening;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.fastro.demo.DemoApplication;
import org.junit.jupiter.api.Nested;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * The hardening suites whose answers Reactor Netty's exchange writes itself, again on
 * that exchange, which serves HTTP/1.1 in place of Fastro's own with
 * {@code fastro.server.http1-exchange=reactor-netty}: refusals before routing,
 * application faults, limits, pipelining and smuggling, and timeouts, where it receives
 * bodies and writes answers its own way. Half-close and lingering close are the guards'
 * before either exchange, and run on Fastro's, in clear text and over TLS
 * ({@link TlsExchangeTest}).
 */
class ReactorNettyExchangeTest {

	@Nested
	@OnReactorNetty
	class AnswersBeforeRouting extends AnswersBeforeRoutingTest {

	}

	@Nested
	@OnReactorNetty
	class AppFaults extends AppFaultsTest {

	}

	@Nested
	@OnReactorNetty
	class Limits extends LimitsTest {

	}

	@Nested
	@OnReactorNetty
	class ProtocolAbuse extends ProtocolAbuseTest {

	}

	@Nested
	@OnReactorNetty
	class Timeouts extends TimeoutsTest {

	}

	/** {@link HostileApp}, on Reactor Netty's exchange. */
	@Target(ElementType.TYPE)
	@Retention(RetentionPolicy.RUNTIME)
	@Documented
	@SpringBootTest(classes = { DemoApplication.class, HostileRoutes.class, ConnectionWatch.class },
			properties = { HostileApp.PORT, HostileApp.MAX_INITIAL_LINE_LENGTH, HostileApp.MAX_HEADER_SIZE,
					HostileApp.MAX_BODY_SIZE, HostileApp.READ_TIMEOUT, HostileApp.IDLE_TIMEOUT,
					HostileApp.REQUEST_TIMEOUT, HostileApp.MAX_PARAMETERS, HostileApp.SHUTDOWN_TIMEOUT,
					"hostile.reactor-netty-exchange=true", "fastro.server.http1-exchange=reactor-netty" })
	@interface OnReactorNetty {

	}

}
