package dev.fastro.docs.routes;

import java.beans.Introspector;
import java.lang.reflect.Method;
import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration classes of this package's samples start in an application that finds
 * them by component scanning, which names each after its class: a {@code @Bean} method of
 * that name would clash with it and fail start-up.
 */
class SampleBeanNamesTest {

	@ParameterizedTest
	@ValueSource(classes = { CatalogRoutes.class, AdminRoutes.class, ReportRoutes.class, JdbcScheduler.class })
	void noBeanMethodIsNamedAsItsConfiguration(Class<?> configuration) {
		String name = Introspector.decapitalize(configuration.getSimpleName());
		assertThat(Arrays.stream(configuration.getDeclaredMethods())
			.filter((method) -> method.isAnnotationPresent(Bean.class))
			.map(Method::getName)).doesNotContain(name);
	}

}
