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
 * The hardening suite again, on Reactor Netty's exchange, which serves HTTP/1.1 in place
 * of Fastro's own with {@code fastro.server.http1-exchange=reactor-netty}. Both exchanges
 * answer hostile clients alike.
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
	class HalfClose extends HalfCloseTest {

	}

	@Nested
	@OnReactorNetty
	class Limits extends LimitsTest {

	}

	@Nested
	@OnReactorNetty
	class LingeringClose extends LingeringCloseTest {

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
	@SpringBootTest(classes = { DemoApplication.class, HostileRoutes.class },
			properties = { HostileApp.PORT, HostileApp.MAX_INITIAL_LINE_LENGTH, HostileApp.MAX_HEADER_SIZE,
					HostileApp.MAX_BODY_SIZE, HostileApp.READ_TIMEOUT, HostileApp.IDLE_TIMEOUT,
					HostileApp.REQUEST_TIMEOUT, HostileApp.MAX_PARAMETERS, HostileApp.SHUTDOWN_TIMEOUT,
					"hostile.reactor-netty-exchange=true", "fastro.server.http1-exchange=reactor-netty" })
	@interface OnReactorNetty {

	}

}
