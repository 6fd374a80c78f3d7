package dev.fastro.test.autoconfigure;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroServerAutoConfiguration;
import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.http.spi.RequestPipeline;
import dev.fastro.test.client.FastroTestClient;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;

/**
 * The {@link FastroTestClient} of {@link AutoConfigureFastroTestClient}: over HTTP to
 * Fastro's server when the context runs one (its auto-configuration applies), else in
 * process through the application's {@link RequestPipeline}.
 */
@AutoConfiguration(after = { FastroAutoConfiguration.class, FastroServerAutoConfiguration.class })
@ConditionalOnBean(RequestPipeline.class)
public class FastroTestClientAutoConfiguration {

	/**
	 * Created when first injected, into a test once the context has started, and so the
	 * server with it: only then is its port known.
	 */
	@Bean
	@Lazy
	@ConditionalOnMissingBean
	@ConditionalOnBean(FastroServerAutoConfiguration.class)
	FastroTestClient fastroServerTestClient(Environment environment, RequestPipeline pipeline) {
		Integer port = environment.getProperty(LocalFastroPort.PROPERTY, Integer.class);
		if (port == null) {
			throw new IllegalStateException("Fastro's server is not running, so '" + LocalFastroPort.PROPERTY
					+ "' is not set: inject the FastroTestClient once the context has started");
		}
		return FastroTestClient.bindToServer(port, pipeline.jsonMapper());
	}

	@Bean
	@ConditionalOnMissingBean({ FastroTestClient.class, FastroServerAutoConfiguration.class })
	FastroTestClient fastroTestClient(ApplicationContext context) {
		return FastroTestClient.bindTo(context);
	}

}
