package dev.fastro.autoconfigure;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.server.internal.FastroServer;
import dev.fastro.server.internal.ServerOptions;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Fastro's own Reactor Netty server, started and stopped with the application context.
 * Needs neither spring-webflux nor spring-webmvc, and serves in an application whose web
 * type is NONE.
 */
@AutoConfiguration(after = FastroAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
public class FastroServerAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	FastroServer fastroServer(FastroProperties properties, Dispatcher dispatcher, JsonCodec json,
			RequestLimits limits) {
		FastroProperties.Server server = properties.getServer();
		ServerOptions options = new ServerOptions(server.getAddress(), server.getPort(), server.getEventLoopThreads(),
				server.getMaxBodySize().toBytes(), (int) server.getMaxInitialLineLength().toBytes(),
				(int) server.getMaxHeaderSize().toBytes(), server.getIdleTimeout(), server.getReadTimeout());
		return new FastroServer(options, dispatcher, json, limits);
	}

	@Bean
	@ConditionalOnMissingBean
	FastroServerLifecycle fastroServerLifecycle(FastroServer server, Dispatcher dispatcher, FastroProperties properties,
			ConfigurableEnvironment environment, ApplicationEventPublisher events) {
		return new FastroServerLifecycle(server, dispatcher, properties.getServer().getShutdownTimeout(), environment,
				events);
	}

	/**
	 * Beside Spring Boot's own embedded web server, Fastro's must not take the same port.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(WebServerApplicationContext.class)
	@ConditionalOnWebApplication
	static class WebServerPortCheckConfiguration {

		@Bean
		WebServerPortCheck fastroWebServerPortCheck(ApplicationContext context, FastroProperties properties) {
			return new WebServerPortCheck(context, properties.getServer());
		}

	}

}
