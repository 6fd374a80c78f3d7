package dev.fastro.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.fastro.autoconfigure.internal.FastroServerLifecycle;

import org.springframework.beans.factory.annotation.Value;

/**
 * Injects the port Fastro bound, for tests that start it on {@code fastro.server.port=0}.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Value("${" + FastroServerLifecycle.PORT_PROPERTY + "}")
public @interface LocalFastroPort {

}
