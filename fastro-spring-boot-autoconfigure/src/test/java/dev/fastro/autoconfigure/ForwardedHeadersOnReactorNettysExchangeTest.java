package dev.fastro.autoconfigure;

/**
 * {@link ForwardedHeadersTest} on Reactor Netty's HTTP/1.1 exchange, which
 * {@code fastro.server.http1-exchange=reactor-netty} puts in place of Fastro's own: both
 * read a proxy's headers alike.
 */
class ForwardedHeadersOnReactorNettysExchangeTest extends ForwardedHeadersTest {

	ForwardedHeadersOnReactorNettysExchangeTest() {
		this.onFastrosExchange = false;
		this.runner = this.runner.withPropertyValues("fastro.server.http1-exchange=reactor-netty");
	}

}
