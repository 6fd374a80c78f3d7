package dev.fastro.autoconfigure;

/**
 * {@link CompressionTest} on Reactor Netty's HTTP/1.1 exchange, which a
 * {@link FastroServerCustomizer} puts in place of Fastro's own: both compress alike.
 */
class CompressionOnReactorNettysExchangeTest extends CompressionTest {

	CompressionOnReactorNettysExchangeTest() {
		this.onFastrosExchange = false;
		this.runner = this.runner.withBean(FastroServerCustomizer.class, () -> (server) -> server);
	}

}
