package dev.fastro.autoconfigure;

import java.time.Duration;

import dev.fastro.autoconfigure.internal.RouteMappings;
import dev.fastro.http.Routes;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.jackson.JacksonEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.mappings.MappingsEndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointWebExtension;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The conditions of {@link FastroActuatorAutoConfiguration}: nothing without Actuator,
 * the endpoints as routes of the application's server or of a management server by
 * {@code management.server.port}, and the beans a user may replace.
 */
class FastroActuatorAutoConfigurationTest {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
				EndpointAutoConfiguration.class, WebEndpointAutoConfiguration.class,
				JacksonEndpointAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class,
				HealthEndpointAutoConfiguration.class, FastroActuatorAutoConfiguration.class));

	@Test
	void withoutActuatorNothingIsCreated() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroActuatorAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
			.run(context -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(FastroActuatorAutoConfiguration.class)
				.doesNotHaveBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(WebEndpointsSupplier.class));
	}

	@Test
	void withoutSpringWebTheEndpointsAreServedUntilACorsOriginIsAllowed() {
		ApplicationContextRunner withoutSpringWeb = this.runner
			.withClassLoader(new FilteredClassLoader("org.springframework.web"));
		withoutSpringWeb
			.run(context -> assertThat(context).hasNotFailed().hasBean(FastroActuatorAutoConfiguration.ROUTES_BEAN));
		withoutSpringWeb.withPropertyValues("management.endpoints.web.cors.allowed-origins=https://ops.example")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("management.endpoints.web.cors.allowed-origins")
				.hasMessageContaining("add org.springframework:spring-web"));
	}

	@Test
	void routesAreListedInTheMappingsEndpointOnlyWhenItIsAvailable() {
		this.runner.run(context -> assertThat(context).doesNotHaveBean(RouteMappings.class));
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=mappings")
			.withConfiguration(AutoConfigurations.of(MappingsEndpointAutoConfiguration.class))
			.run(context -> assertThat(context).hasSingleBean(RouteMappings.class));
	}

	@Test
	void credentialsForEveryOriginFailStartUpNamingTheKey() {
		this.runner
			.withPropertyValues("management.endpoints.web.cors.allowed-origins=*",
					"management.endpoints.web.cors.allow-credentials=true")
			.run(context -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("management.endpoints.web.cors.allow-credentials"));
	}

	@Test
	void withoutHealthTheOtherEndpointsAreStillServed() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.health"))
			.run(context -> assertThat(context).hasNotFailed()
				.hasBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(HealthEndpointWebExtension.class));
	}

	@Test
	void inAnApplicationThatIsNotAWebApplicationTheEndpointsAreRoutesOfFastrosServer() {
		this.runner.run(context -> {
			assertThat(context).hasSingleBean(WebEndpointsSupplier.class)
				.hasSingleBean(HealthEndpointWebExtension.class)
				.hasBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(SmartLifecycle.class);
			assertThat(context.getBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)).isInstanceOf(Routes.class);
		});
	}

	@Test
	void onAnotherPortAManagementServerServesThem() {
		this.runner.withPropertyValues("fastro.server.port=8080", "management.server.port=9090")
			.run(context -> assertThat(context).doesNotHaveBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)
				.hasBean(FastroActuatorAutoConfiguration.MANAGEMENT_SERVER_BEAN));
	}

	@Test
	void onFastrosOwnPortTheApplicationsServerServesThem() {
		this.runner.withPropertyValues("fastro.server.port=9090", "management.server.port=9090")
			.run(context -> assertThat(context).hasBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(FastroActuatorAutoConfiguration.MANAGEMENT_SERVER_BEAN));
	}

	@Test
	void aNegativeManagementPortServesThemNowhere() {
		this.runner.withPropertyValues("management.server.port=-1")
			.run(context -> assertThat(context).doesNotHaveBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)
				.doesNotHaveBean(FastroActuatorAutoConfiguration.MANAGEMENT_SERVER_BEAN));
	}

	@Test
	void theUsersBeansWin() {
		this.runner.withUserConfiguration(OwnBeans.class).run(context -> {
			assertThat(context).hasSingleBean(HealthEndpointWebExtension.class).hasBean("ownHealthExtension");
		});
	}

	@Test
	void aRoutesBeanOfTheSameNameReplacesTheEndpointRoutes() {
		Routes own = Routes.builder().get("/own", ctx -> "own").build();
		this.runner.withBean(FastroActuatorAutoConfiguration.ROUTES_BEAN, Routes.class, () -> own)
			.run(context -> assertThat(context.getBean(FastroActuatorAutoConfiguration.ROUTES_BEAN)).isSameAs(own));
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnBeans {

		@Bean
		HealthEndpointWebExtension ownHealthExtension(HealthContributorRegistry registry, HealthEndpointGroups groups) {
			return new HealthEndpointWebExtension(registry, null, groups, Duration.ZERO);
		}

	}

}
