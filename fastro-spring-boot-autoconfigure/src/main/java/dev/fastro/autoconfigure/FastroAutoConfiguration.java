package dev.fastro.autoconfigure;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import dev.fastro.autoconfigure.internal.ConfiguredRouteOptions;
import dev.fastro.http.ErrorHook;
import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.Middleware;
import dev.fastro.http.RequestHook;
import dev.fastro.http.ResponseHook;
import dev.fastro.http.Routes;
import dev.fastro.http.internal.BodyValidator;
import dev.fastro.http.internal.Dispatcher;
import dev.fastro.http.internal.DispatcherPipeline;
import dev.fastro.http.internal.DispatcherWrapper;
import dev.fastro.http.internal.EventResults;
import dev.fastro.http.internal.FileResults;
import dev.fastro.http.internal.InFlightLimit;
import dev.fastro.http.internal.JakartaBodyValidator;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.http.internal.NoRouteFallback;
import dev.fastro.http.internal.MultipartSettings;
import dev.fastro.http.internal.Rejections;
import dev.fastro.http.internal.RequestLimits;
import dev.fastro.http.spi.RequestPipeline;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Fastro's request pipeline: the {@link Dispatcher} that routes requests through the
 * middleware chain to the handlers declared in {@link Routes} beans, with the
 * application's {@link JsonMapper}. Global {@link Middleware}, {@link ExceptionHandler}s
 * and hooks are picked up as beans. The pipeline is a {@link RequestPipeline} bean for
 * what drives it without Fastro's server, such as the in-process test client.
 * <p>
 * The beans of internal types that make it up (JSON codec, body validator, limits,
 * dispatcher) are not meant to be replaced, and do not back off: an application shapes
 * them with its {@link JsonMapper}, its Jakarta {@code Validator} and {@code fastro.*}
 * properties. The blocking scheduler, of Reactor's public type, does back off.
 */
@AutoConfiguration(after = JacksonAutoConfiguration.class,
		afterName = "org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration")
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@EnableConfigurationProperties(FastroProperties.class)
public class FastroAutoConfiguration {

	/** The name of the scheduler that blocking routes run on. */
	public static final String BLOCKING_SCHEDULER = "fastroBlockingScheduler";

	/** A class of Netflix's concurrency-limits, which the adaptive limit needs. */
	private static final String CONCURRENCY_LIMITS = "com.netflix.concurrency.limits.Limiter";

	@Bean
	JsonCodec fastroJsonCodec(ObjectProvider<JsonMapper> jsonMapper, ObjectProvider<BodyValidator> bodyValidator) {
		return new JsonCodec(jsonMapper(jsonMapper), bodyValidator.getIfAvailable());
	}

	/** The application's {@link JsonMapper}, or Jackson's defaults without one. */
	private static JsonMapper jsonMapper(ObjectProvider<JsonMapper> jsonMapper) {
		return jsonMapper.getIfAvailable(() -> JsonMapper.builder().build());
	}

	@Bean
	RequestLimits fastroRequestLimits(FastroProperties properties) {
		return new RequestLimits(properties.getServer().getMaxParameters());
	}

	/**
	 * Virtual threads with {@code spring.threads.virtual.enabled=true} on Java 21 or
	 * later, as Spring Boot decides for its own servers and executors; Reactor's bounded
	 * elastic pool otherwise.
	 */
	@Bean(name = BLOCKING_SCHEDULER, destroyMethod = "dispose")
	@ConditionalOnMissingBean(name = BLOCKING_SCHEDULER)
	Scheduler fastroBlockingScheduler(Environment environment) {
		if (!Threading.VIRTUAL.isActive(environment)) {
			return boundedElastic();
		}
		try {
			Method factory = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
			return Schedulers.fromExecutorService((ExecutorService) factory.invoke(null), "fastro-virtual");
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Java 21 or later has virtual threads, yet they could not be created", ex);
		}
	}

	private static Scheduler boundedElastic() {
		return Schedulers.newBoundedElastic(Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE,
				Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE, "fastro-blocking");
	}

	@Bean
	Dispatcher fastroDispatcher(FastroProperties properties, JsonCodec json, ListableBeanFactory beanFactory,
			ObjectProvider<Routes> routes, ObjectProvider<Middleware> middleware,
			ObjectProvider<ExceptionHandler<?>> exceptionHandlers, ObjectProvider<RequestHook> requestHooks,
			ObjectProvider<ResponseHook> responseHooks, ObjectProvider<ErrorHook> errorHooks,
			@Qualifier(BLOCKING_SCHEDULER) Scheduler blockingScheduler, ObjectProvider<FileResults> fileResults,
			ObjectProvider<NoRouteFallback> staticResources, ObjectProvider<Rejections> rejections) {
		Dispatcher.Builder builder = dispatcher(byBeanName(routes, beanFactory), properties, json, middleware,
				exceptionHandlers, requestHooks, responseHooks, errorHooks, blockingScheduler)
			.fileResults(fileResults.getIfAvailable(() -> FileResults.NONE))
			.noRouteFallback(staticResources.getIfAvailable())
			.rejections(rejections.getIfAvailable(() -> Rejections.NONE))
			.retryAfter(properties.getLoadShedding().getRetryAfter());
		FastroProperties.LoadShedding shedding = properties.getLoadShedding();
		if (shedding.getMaxInFlight() != null) {
			builder.inFlightLimit(inFlightLimit(shedding, beanFactory));
		}
		ConfiguredRouteOptions configured = ConfiguredRouteOptions.of(properties);
		if (configured == null) {
			return builder.build();
		}
		Dispatcher dispatcher = builder.routeOptions(configured).build();
		configured.checkAllApplied();
		return dispatcher;
	}

	/**
	 * The limit of {@code fastro.load-shedding.*}: adaptive with Netflix's
	 * concurrency-limits, which must then be on the class path, else fixed.
	 */
	private static InFlightLimit inFlightLimit(FastroProperties.LoadShedding shedding,
			ListableBeanFactory beanFactory) {
		if (!shedding.isAdaptive()) {
			return InFlightLimit.fixed(shedding.getMaxInFlight());
		}
		ClassLoader classLoader = (beanFactory instanceof ConfigurableBeanFactory configurable)
				? configurable.getBeanClassLoader() : null;
		if (!ClassUtils.isPresent(CONCURRENCY_LIMITS, classLoader)) {
			throw new InvalidConfigurationPropertyValueException("fastro.load-shedding.adaptive", true,
					"The adaptive limit is Netflix's gradient limiter: add "
							+ "com.netflix.concurrency-limits:concurrency-limits-core to the class path.");
		}
		return InFlightLimit.adaptive(shedding.getMaxInFlight());
	}

	/**
	 * The pipeline as the application's server runs it, wrapped as the server wraps its
	 * dispatcher, so that a request answered in process is observed as one the server
	 * answers.
	 */
	@Bean
	RequestPipeline fastroRequestPipeline(Dispatcher dispatcher, ObjectProvider<DispatcherWrapper> wrappers,
			JsonCodec json, RequestLimits limits) {
		return new DispatcherPipeline(dispatcher, FastroServerAutoConfiguration.wrapAll(wrappers).wrap(dispatcher),
				json, limits);
	}

	/**
	 * A dispatcher for {@code routes} with the application's global middleware, exception
	 * handlers and hooks, to build: the application's server's, and the management
	 * server's.
	 */
	static Dispatcher.Builder dispatcher(Map<String, Routes> routes, FastroProperties properties, JsonCodec json,
			ObjectProvider<Middleware> middleware, ObjectProvider<ExceptionHandler<?>> exceptionHandlers,
			ObjectProvider<RequestHook> requestHooks, ObjectProvider<ResponseHook> responseHooks,
			ObjectProvider<ErrorHook> errorHooks, Scheduler blockingScheduler) {
		FastroProperties.Router router = properties.getRouter();
		return Dispatcher.builder()
			.routes(routes)
			.middleware(middleware.orderedStream().toList())
			.exceptionHandlers(exceptionHandlers.orderedStream().toList())
			.requestHooks(requestHooks.orderedStream().toList())
			.responseHooks(responseHooks.orderedStream().toList())
			.errorHooks(errorHooks.orderedStream().toList())
			.json(json)
			.blockingScheduler(blockingScheduler)
			.ignoreTrailingSlash(router.isIgnoreTrailingSlash())
			.cache(router.getCache().isEnabled(), router.getCache().getMaxSize().toBytes())
			.requestTimeout(properties.getServer().getRequestTimeout())
			.multipart(multipart(properties.getMultipart()))
			.eventResults(EventResults.onClassPath())
			.heartbeatInterval(properties.getSse().getHeartbeatInterval());
	}

	/**
	 * How multipart bodies are decoded, with the directory of their temporary files
	 * created when it does not exist: a missing one would fail every large upload.
	 */
	private static MultipartSettings multipart(FastroProperties.Multipart multipart) {
		Path location = (multipart.getLocation() != null) ? multipart.getLocation()
				: Path.of(System.getProperty("java.io.tmpdir"));
		try {
			Files.createDirectories(location);
		}
		catch (IOException ex) {
			throw new IllegalStateException(
					"fastro.multipart.location '" + location + "' is not a directory that can be created", ex);
		}
		return new MultipartSettings(multipart.getFileSizeThreshold().toBytes(), multipart.getMaxFileSize().toBytes(),
				multipart.getMaxRequestSize().toBytes(), multipart.getMaxParts(),
				(int) multipart.getMaxPartHeaderSize().toBytes(), location);
	}

	/**
	 * Bean Validation of request bodies, when the application has a Jakarta
	 * {@link jakarta.validation.Validator} (Spring Boot configures one with
	 * {@code spring-boot-starter-validation}); without one, no class of it is loaded and
	 * bodies are read without a check.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "jakarta.validation.Validator")
	@ConditionalOnBean(type = "jakarta.validation.Validator")
	static class BodyValidationConfiguration {

		@Bean
		BodyValidator fastroBodyValidator(jakarta.validation.Validator validator,
				ObjectProvider<JsonMapper> jsonMapper) {
			return new JakartaBodyValidator(validator, jsonMapper(jsonMapper));
		}

	}

	/**
	 * The {@link Routes} beans in their {@code @Order}, keyed by bean name so that a
	 * malformed pattern or a conflict names the bean that declared it.
	 */
	private static Map<String, Routes> byBeanName(ObjectProvider<Routes> routes, ListableBeanFactory beanFactory) {
		Map<Routes, String> names = new IdentityHashMap<>();
		BeanFactoryUtils.beansOfTypeIncludingAncestors(beanFactory, Routes.class)
			.forEach((name, bean) -> names.put(bean, name));
		Map<String, Routes> ordered = new LinkedHashMap<>();
		routes.orderedStream().forEach(bean -> ordered.put(names.get(bean), bean));
		return ordered;
	}

}
