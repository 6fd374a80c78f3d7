package dev.fastro.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.beans.factory.annotation.Value;

/**
 * Injects the port Fastro bound, for tests that start it on {@code fastro.server.port=0}:
 * the value of {@value #PROPERTY}, which Fastro's server publishes once bound.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Value("${" + LocalFastroPort.PROPERTY + "}")
public @interface LocalFastroPort {

	/** The property holding the port of the application's Fastro server. */
	String PROPERTY = "local.fastro.port";

}
