package dev.fastro.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * Provides a {@link dev.fastro.test.client.FastroTestClient} bean: bound to Fastro's
 * running server when the context has one (a {@code @SpringBootTest}, best with
 * {@code fastro.server.port=0}), else to the dispatcher in process (a
 * {@link FastroTest}).
 *
 * <pre>{@code
 * &#64;SpringBootTest(properties = "fastro.server.port=0")

 * &#64;AutoConfigureFastroTestClient
 * class ApiTest {
 *
 *
&#64;Autowired
 *     FastroTestClient client;
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureFastroTestClient {

}
