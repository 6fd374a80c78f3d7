package dev.fastro.autoconfigure;

import java.nio.file.Path;

import dev.fastro.autoconfigure.internal.ResourceResults;
import dev.fastro.http.internal.FileResults;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaTypeFactory;

/**
 * Files: a handler may answer with a Spring {@link Resource} or a {@link Path}, sent with
 * its length, its content type by its name ({@link MediaTypeFactory}), and the byte
 * ranges a request asks for. Needs spring-web, which the starter brings, for Spring's
 * media types.
 */
@AutoConfiguration(before = FastroAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnClass(MediaTypeFactory.class)
public class FastroStaticResourcesAutoConfiguration {

	@Bean
	FileResults fastroFileResults() {
		return new ResourceResults();
	}

}
