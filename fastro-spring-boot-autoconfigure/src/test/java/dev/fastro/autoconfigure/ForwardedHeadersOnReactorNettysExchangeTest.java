package dev.fastro.autoconfigure;

/**
 * {@link ForwardedHeadersTest} on Reactor Netty's HTTP/1.1 exchange, which a
 * {@link FastroServerCustomizer} puts in place of Fastro's own: both read a proxy's
 * headers alike.
 */
class ForwardedHeadersOnReactorNettysExchangeTest extends ForwardedHeadersTest {

	ForwardedHeadersOnReactorNettysExchangeTest() {
		this.onFastrosExchange = false;
		this.runner = this.runner.withBean(FastroServerCustomizer.class, () -> (server) -> server);
	}

}
