package dev.fastro.autoconfigure;

/**
 * {@link CompressionTest} on Reactor Netty's HTTP/1.1 exchange, which
 * {@code fastro.server.http1-exchange=reactor-netty} puts in place of Fastro's own: both
 * compress alike.
 */
class CompressionOnReactorNettysExchangeTest extends CompressionTest {

	CompressionOnReactorNettysExchangeTest() {
		this.onFastrosExchange = false;
		this.runner = this.runner.withPropertyValues("fastro.server.http1-exchange=reactor-netty");
	}

}
