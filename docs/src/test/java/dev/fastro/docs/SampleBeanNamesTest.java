package dev.fastro.docs;

import java.beans.Introspector;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user who copies a sample's configuration class into an application finds it by
 * component scanning, which names the bean after its class: a {@code @Bean} method of
 * that name would clash with it and fail start-up. No sample's class has one.
 */
class SampleBeanNamesTest {

	@Test
	void noBeanMethodIsNamedAsItsConfigurationClass() {
		var scanner = new ClassPathScanningCandidateComponentProvider(false);
		scanner.addIncludeFilter(new AnnotationTypeFilter(Configuration.class));
		List<Class<?>> configurations = scanner.findCandidateComponents("dev.fastro.docs")
			.stream()
			.map(BeanDefinition::getBeanClassName)
			.<Class<?>>map((name) -> ClassUtils.resolveClassName(name, getClass().getClassLoader()))
			.toList();
		assertThat(configurations).isNotEmpty().allSatisfy((configuration) -> {
			String beanName = Introspector.decapitalize(configuration.getSimpleName());
			assertThat(Arrays.stream(configuration.getDeclaredMethods())
				.filter((method) -> method.isAnnotationPresent(Bean.class))
				.map(Method::getName)).as(configuration.getName()).doesNotContain(beanName);
		});
	}

}
