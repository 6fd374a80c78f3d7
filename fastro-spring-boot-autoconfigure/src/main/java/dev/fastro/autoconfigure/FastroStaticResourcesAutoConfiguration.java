package dev.fastro.autoconfigure;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.fastro.autoconfigure.internal.FileValidators;
import dev.fastro.autoconfigure.internal.ResourceResults;
import dev.fastro.autoconfigure.internal.StaticLocationsCondition;
import dev.fastro.autoconfigure.internal.StaticResources;
import dev.fastro.http.internal.FileResults;
import dev.fastro.http.internal.NoRouteFallback;
import reactor.core.scheduler.Scheduler;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.web.WebProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaTypeFactory;

/**
 * Files: a handler may answer with a Spring {@link Resource} or a {@link Path}, sent with
 * its length, its content type by its name ({@link MediaTypeFactory}), and the byte
 * ranges a request asks for; and a {@code GET} or {@code HEAD} that no route takes is
 * answered with the static resources of Spring Boot's {@code spring.web.resources.*}
 * keys, under {@code fastro.static.*} path patterns. Needs spring-web, which the starter
 * brings, for Spring's media types and {@link CacheControl}.
 * <p>
 * When {@code spring.web.resources.add-mappings} is false, or none of the locations
 * exists, no static resource is served, and a request that no route takes is answered as
 * it was: nothing looks for a file.
 */
@AutoConfiguration(before = FastroAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnClass(MediaTypeFactory.class)
@EnableConfigurationProperties({ FastroProperties.class, WebProperties.class })
public class FastroStaticResourcesAutoConfiguration {

	@Bean
	FileValidators fastroFileValidators(WebProperties web) {
		return new FileValidators(web.getResources().getCache().isUseLastModified());
	}

	@Bean
	FileResults fastroFileResults(FileValidators validators) {
		return new ResourceResults(validators);
	}

	@Bean
	@Conditional(StaticLocationsCondition.class)
	NoRouteFallback fastroStaticResources(WebProperties web, FastroProperties properties, ResourceLoader loader,
			FileValidators validators,
			@Qualifier(FastroAutoConfiguration.BLOCKING_SCHEDULER) Scheduler blockingScheduler) throws IOException {
		WebProperties.Resources resources = web.getResources();
		FastroProperties.Static files = properties.getStatic();
		return StaticResources.of(List.of(resources.getStaticLocations()), files.getPathPattern(),
				files.getWebjarsPathPattern(), files.isSinglePageApp(), cacheControl(resources.getCache()),
				lookups(files.getCache()), loader, validators, blockingScheduler);
	}

	private static StaticResources.Lookups lookups(FastroProperties.StaticCache cache) {
		return new StaticResources.Lookups(cache.getTtl(), cache.getMaxFileSize().toBytes(),
				cache.getMaxSize().toBytes());
	}

	/**
	 * The {@code Cache-Control} of static resources, as Spring Boot's resource handling
	 * sends it: that of {@code spring.web.resources.cache.cachecontrol.*} when any is
	 * set, else {@code max-age} of {@code spring.web.resources.cache.period}
	 * ({@code no-store} for 0), else none.
	 */
	private static String cacheControl(WebProperties.Resources.Cache cache) {
		CacheControl control = cache.getCachecontrol().toHttpCacheControl();
		if (control != null) {
			return control.getHeaderValue();
		}
		Duration period = cache.getPeriod();
		if (period == null || period.isNegative()) {
			return null;
		}
		return (period.isZero() ? CacheControl.noStore() : CacheControl.maxAge(period)).getHeaderValue();
	}

}
