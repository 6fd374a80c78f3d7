package dev.fastro.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.autoconfigure.json.AutoConfigureJson;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test of an application's Fastro routes alone, as {@code @WebFluxTest} is of WebFlux
 * controllers. The context holds only what serves requests: the configuration classes
 * that declare {@code Routes}, {@code Middleware}, hook or {@code ExceptionHandler} beans
 * (and the other beans they declare), components that are one of those, Jackson and
 * Fastro's auto-configuration, Bean Validation when it is on the classpath. With Spring
 * Security, it also holds Fastro's security and the configuration classes that declare
 * {@code SecurityRules}, {@code JwtDecoder}, {@code JwtAuthenticationConverter},
 * {@code UserDetailsService}, {@code PasswordEncoder} or {@code RoleHierarchy} beans, so
 * that requests meet the application's rules; run them as a user with
 * {@code dev.fastro.test.security.SecurityCustomizers} or {@code @WithMockUser}. Every
 * other bean a route needs is supplied by the test, such as with {@code @MockitoBean}.
 * Fastro's server is not started: the injected
 * {@link dev.fastro.test.client.FastroTestClient} drives the dispatcher in process.
 *
 * <pre>{@code
 * &#64;FastroTest
 * class UserRoutesTest {
 *

 *     &#64;Autowired
 *     FastroTestClient client;
 *
 *     &#64;MockitoBean
 *     UserDirectory users;
 *
 *
&#64;Test
 *     void findsAUser() {
 *         given(this.users.find(1)).willReturn(Optional.of(new User(1, "Ada")));
 *         assertThat(this.client.get("/users/1").exchange()).hasStatus(200).hasJsonBody("{\"id\":1,\"name\":\"Ada\"}");
 *     }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(FastroTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(FastroTypeExcludeFilter.class)
@AutoConfigureJson
@AutoConfigureFastro
@AutoConfigureFastroTestClient
@ImportAutoConfiguration
public @interface FastroTest {

	/**
	 * Properties in form {@literal key=value} to add to the environment before the test
	 * runs.
	 * @return the properties to add
	 */
	String[] properties() default {};

	/**
	 * The configuration classes or components whose routes to test; when empty, every one
	 * that declares {@code Routes}. Those declaring global middleware, hooks or exception
	 * handlers are included either way.
	 * @return the classes to include
	 */
	@AliasFor("routes")
	Class<?>[] value() default {};

	/**
	 * The configuration classes or components whose routes to test; see {@link #value()}.
	 * @return the classes to include
	 */
	@AliasFor("value")
	Class<?>[] routes() default {};

	/**
	 * Whether the default filtering described above applies to classes found by component
	 * scanning.
	 * @return whether default filters are used
	 */
	boolean useDefaultFilters() default true;

	/**
	 * Filters that add otherwise excluded beans to the context.
	 * @return include filters to apply
	 */
	ComponentScan.Filter[] includeFilters() default {};

	/**
	 * Filters that leave out beans that would otherwise be included.
	 * @return exclude filters to apply
	 */
	ComponentScan.Filter[] excludeFilters() default {};

	/**
	 * Auto-configurations to leave out of this test.
	 * @return the auto-configurations to exclude
	 */
	@AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
	Class<?>[] excludeAutoConfiguration() default {};

}
