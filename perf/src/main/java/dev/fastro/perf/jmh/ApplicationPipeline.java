package dev.fastro.perf.jmh;

import java.util.List;
import java.util.Map;

import dev.fastro.autoconfigure.FastroAutoConfiguration;
import dev.fastro.autoconfigure.FastroObservationAutoConfiguration;
import dev.fastro.http.Routes;
import dev.fastro.http.spi.RequestPipeline;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;

/**
 * The request pipeline an application has, built by Fastro's auto-configuration from
 * {@code fastro.*} properties and beans, without the server: what a micro-benchmark
 * answers requests through, or looks routes up in, to measure what the application's
 * server would do for them. Holds an application context, closed with it.
 */
final class ApplicationPipeline implements AutoCloseable {

	private final AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();

	/**
	 * Starts the application.
	 * @param routes its routes
	 * @param observations its observation registry, which has Fastro observe every
	 * request, or {@code null} for none
	 * @param properties its {@code fastro.*} properties
	 */
	ApplicationPipeline(List<Routes> routes, ObservationRegistry observations, Map<String, Object> properties) {
		this.context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("benchmark", properties));
		this.context.register(Fastro.class);
		for (int i = 0; i < routes.size(); i++) {
			Routes declared = routes.get(i);
			this.context.registerBean("routes" + i, Routes.class, () -> declared);
		}
		if (observations != null) {
			this.context.registerBean(ObservationRegistry.class, () -> observations);
		}
		this.context.refresh();
	}

	RequestPipeline pipeline() {
		return this.context.getBean(RequestPipeline.class);
	}

	@Override
	public void close() {
		this.context.close();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ FastroAutoConfiguration.class, FastroObservationAutoConfiguration.class })
	static class Fastro {

	}

}
