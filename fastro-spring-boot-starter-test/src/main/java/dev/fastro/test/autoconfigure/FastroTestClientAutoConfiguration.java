package dev.fastro.test.autoconfigure;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.test.client.FastroTestClient;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;

/**
 * The {@link FastroTestClient} of {@link AutoConfigureFastroTestClient}: over HTTP to
 * Fastro's server when the context runs one, else in process through the dispatcher.
 */
@AutoConfiguration(after = { FastroAutoConfiguration.class, FastroServerAutoConfiguration.class })
@ConditionalOnBean(Dispatcher.class)
public class FastroTestClientAutoConfiguration {

	/**
	 * Created when first injected, into a test once the context has started, and so the
	 * server with it: only then is its port known.
	 */
	@Bean
	@Lazy
	@ConditionalOnMissingBean
	@ConditionalOnBean(FastroServer.class)
	FastroTestClient fastroServerTestClient(ApplicationContext context, JsonCodec json) {
		Integer port = context.getEnvironment().getProperty(FastroServerLifecycle.PORT_PROPERTY, Integer.class);
		if (port == null) {
			throw new IllegalStateException("Fastro's server is not running, so '" + FastroServerLifecycle.PORT_PROPERTY
					+ "' is not set: inject the FastroTestClient once the context has started");
		}
		return FastroTestClient.bindToServer(port, json.mapper());
	}

	@Bean
	@ConditionalOnMissingBean({ FastroTestClient.class, FastroServer.class })
	FastroTestClient fastroTestClient(ApplicationContext context) {
		return FastroTestClient.bindTo(context);
	}

}
