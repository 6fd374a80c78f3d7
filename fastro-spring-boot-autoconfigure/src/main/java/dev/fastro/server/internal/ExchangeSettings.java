package dev.fastro.server.internal;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import reactor.netty.http.server.HttpServerConfig;

/**
 * The settings of Reactor Netty's server that only its own exchange applies, by name: on
 * Fastro's exchange a customizer that changed one would be ignored without a word, so it
 * fails start-up instead, naming the setting and the key that has Reactor Netty serve the
 * requests.
 */
final class ExchangeSettings {

	private final Map<String, Object> values = new LinkedHashMap<>();

	private ExchangeSettings(HttpServerConfig config) {
		this.values.put("compression", Arrays.asList(config.compressPredicate(), config.minCompressionSize()));
		this.values.put("cookie codecs", Arrays.asList(config.cookieDecoder(), config.cookieEncoder()));
		this.values.put("form decoder", config.formDecoderProvider());
		this.values.put("forwarded headers", config.isForwarded());
		this.values.put("idle timeout", config.idleTimeout());
		this.values.put("read timeout", config.readTimeout());
		this.values.put("request timeout", config.requestTimeout());
		this.values.put("keep-alive request limit", config.maxKeepAliveRequests());
		this.values.put("redirect to HTTPS", config.redirectHttpToHttps());
		this.values.put("protocols", Arrays.asList(config.protocols()));
		// Called once Reactor Netty's exchange has configured a connection, which it
		// never does on Fastro's: doOnChannelInit is called on either.
		this.values.put("doOnConnection callback", config.doOnConnection());
	}

	static ExchangeSettings of(HttpServerConfig config) {
		return new ExchangeSettings(config);
	}

	/**
	 * Fails when {@code customized} changed one of these settings.
	 * @throws IllegalStateException naming the first setting changed
	 */
	void assertUnchangedIn(HttpServerConfig customized) {
		ExchangeSettings after = of(customized);
		this.values.forEach((name, value) -> {
			if (!Objects.equals(value, after.values.get(name))) {
				throw new IllegalStateException("A FastroServerCustomizer changed Reactor Netty's " + name
						+ ", which only Reactor Netty's own exchange applies; set "
						+ "fastro.server.http1-exchange=reactor-netty to have it serve HTTP/1.1 requests");
			}
		});
	}

}
