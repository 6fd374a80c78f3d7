package dev.fastro.autoconfigure.internal;

import java.util.function.Function;

import javax.net.ssl.KeyManagerFactory;

import io.netty.handler.ssl.ClientAuth;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.netty.http.Http11SslContextSpec;
import reactor.netty.http.Http2SslContextSpec;
import reactor.netty.http.server.HttpServer;
import reactor.netty.tcp.AbstractProtocolSslContextSpec;
import reactor.netty.tcp.SslProvider;

import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslOptions;

/**
 * Fastro's own server customizer for {@code fastro.server.ssl}: TLS from a Spring Boot
 * {@link SslBundle}, its key and trust material, protocols and ciphers, with the client
 * authentication asked for.
 * <p>
 * Every handshake takes the TLS context current at that moment, so a bundle updated on
 * disk ({@code reload-on-update}) serves new connections with the new material while open
 * ones carry on undisturbed.
 */
public final class SslBundleCustomizer implements Function<HttpServer, HttpServer> {

	private static final Log logger = LogFactory.getLog(SslBundleCustomizer.class);

	private final String bundleName;

	private final ClientAuth clientAuth;

	private final boolean http2;

	private volatile SslProvider provider;

	/**
	 * @param bundleName the bundle's name, for the log
	 * @param bundle the bundle to serve with
	 * @param clientAuth whether a client certificate is not asked for, asked for, or
	 * required
	 * @param http2 whether h2 is offered through ALPN beside HTTP/1.1
	 */
	public SslBundleCustomizer(String bundleName, SslBundle bundle, ClientAuth clientAuth, boolean http2) {
		this.bundleName = bundleName;
		this.clientAuth = clientAuth;
		this.http2 = http2;
		this.provider = provider(bundle);
	}

	@Override
	public HttpServer apply(HttpServer server) {
		return server.secure(spec -> spec.sslContext(this.provider.getSslContext())
			.setSniAsyncMappings((serverName, promise) -> promise.setSuccess(this.provider)));
	}

	/** Serves connections opened from now on with the bundle's new material. */
	public void update(SslBundle bundle) {
		this.provider = provider(bundle);
		logger.info("Fastro: SSL bundle '" + this.bundleName + "' was updated; new connections use it");
	}

	private SslProvider provider(SslBundle bundle) {
		// As Spring Boot's own SslServerCustomizer: the HTTP/2 spec adds ALPN and the
		// cipher suites RFC 9113 allows.
		KeyManagerFactory keys = bundle.getManagers().getKeyManagerFactory();
		AbstractProtocolSslContextSpec<?> spec = (this.http2 ? Http2SslContextSpec.forServer(keys)
				: Http11SslContextSpec.forServer(keys))
			.configure(builder -> {
				SslOptions options = bundle.getOptions();
				builder.trustManager(bundle.getManagers().getTrustManagerFactory())
					.protocols(options.getEnabledProtocols())
					.ciphers(SslOptions.asSet(options.getCiphers()))
					.clientAuth(this.clientAuth);
			});
		return SslProvider.builder().sslContext(spec).build();
	}

}
