package dev.fastro.autoconfigure;

/**
 * {@link AccessLogTest} on Reactor Netty's HTTP/1.1 exchange, which
 * {@code fastro.server.http1-exchange=reactor-netty} puts in place of Fastro's own: both
 * log alike.
 */
class AccessLogOnReactorNettysExchangeTest extends AccessLogTest {

	AccessLogOnReactorNettysExchangeTest() {
		this.onFastrosExchange = false;
		this.runner = this.runner.withPropertyValues("fastro.server.http1-exchange=reactor-netty");
	}

}
