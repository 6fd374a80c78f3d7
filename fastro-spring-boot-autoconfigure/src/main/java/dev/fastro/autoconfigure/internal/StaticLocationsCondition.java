package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.autoconfigure.web.WebProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when static resources are to be served:
 * {@code spring.web.resources.add-mappings} is not false, and one of
 * {@code spring.web.resources.static-locations}, or the location of WebJars, exists.
 * Otherwise nothing of them is created, and no request pays for them.
 */
public final class StaticLocationsCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		WebProperties.Resources resources = Binder.get(context.getEnvironment())
			.bind("spring.web.resources", WebProperties.Resources.class)
			.orElseGet(WebProperties.Resources::new);
		if (!resources.isAddMappings()) {
			return ConditionOutcome.noMatch("spring.web.resources.add-mappings is false");
		}
		ResourceLoader loader = (context.getResourceLoader() != null) ? context.getResourceLoader()
				: new DefaultResourceLoader(context.getClassLoader());
		List<String> locations = List.of(resources.getStaticLocations());
		try {
			return StaticResources.anyExists(locations, loader)
					? ConditionOutcome.match("a static location exists among " + locations + " and WebJars'")
					: ConditionOutcome.noMatch("none of the static locations " + locations + " and WebJars' exists");
		}
		catch (IOException ex) {
			return ConditionOutcome.noMatch("the static locations " + locations + " cannot be read: " + ex);
		}
	}

}
