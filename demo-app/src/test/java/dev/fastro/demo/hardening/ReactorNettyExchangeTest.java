package dev.fastro.demo.hardening;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.fastro.autoconfigure.FastroServerCustomizer;
import dev.fastro.demo.DemoApplication;
import org.junit.jupiter.api.Nested;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The hardening suite again, on Reactor Netty's exchange, which serves HTTP/1.1 in place
 * of Fastro's own when a feature installed through Reactor Netty is on: here a
 * {@link FastroServerCustomizer} that changes nothing. Both exchanges answer hostile
 * clients alike.
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

	/** {@link HostileApp}, with a customizer of Reactor Netty's server. */
	@Target(ElementType.TYPE)
	@Retention(RetentionPolicy.RUNTIME)
	@Documented
	@SpringBootTest(classes = { DemoApplication.class, HostileRoutes.class, UnchangedServer.class },
			properties = { HostileApp.PORT, HostileApp.MAX_INITIAL_LINE_LENGTH, HostileApp.MAX_HEADER_SIZE,
					HostileApp.MAX_BODY_SIZE, HostileApp.READ_TIMEOUT, HostileApp.IDLE_TIMEOUT,
					HostileApp.REQUEST_TIMEOUT, HostileApp.MAX_PARAMETERS, HostileApp.SHUTDOWN_TIMEOUT,
					"hostile.reactor-netty-exchange=true" })
	@interface OnReactorNetty {

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class UnchangedServer {

		@Bean
		FastroServerCustomizer unchangedServer() {
			return (server) -> server;
		}

	}

}
