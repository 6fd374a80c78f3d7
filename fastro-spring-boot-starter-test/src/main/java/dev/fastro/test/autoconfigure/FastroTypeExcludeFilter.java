package dev.fastro.test.autoconfigure;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Set;

import dev.fastro.http.ErrorHook;
import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.Middleware;
import dev.fastro.http.RequestHook;
import dev.fastro.http.ResponseHook;
import dev.fastro.http.Routes;

import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.core.type.MethodMetadata;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;

/**
 * The components a {@link FastroTest} keeps: those that are, or that declare beans of,
 * {@link Routes} (all of them, or the {@link FastroTest#routes() chosen} ones),
 * {@link Middleware}, hooks and {@link ExceptionHandler}s, and, with Spring Security,
 * {@code SecurityRules} and how users and tokens are authenticated. Fastro's routes are
 * beans declared in configuration classes rather than annotated components, so a
 * configuration class is kept for the return types of its {@code @Bean} methods, read
 * from its class file without loading it.
 */
class FastroTypeExcludeFilter extends StandardAnnotationCustomizableTypeExcludeFilter<FastroTest> {

	private static final Set<Class<?>> SERVING = Set.of(Middleware.class, RequestHook.class, ResponseHook.class,
			ErrorHook.class, ExceptionHandler.class);

	private static final Set<Class<?>> SERVING_AND_ROUTES;

	static {
		Set<Class<?>> types = new LinkedHashSet<>(SERVING);
		types.add(Routes.class);
		SERVING_AND_ROUTES = Set.copyOf(types);
	}

	/**
	 * What a secured application's requests need, named since Spring Security may be
	 * absent: its rules, and how it authenticates users and tokens.
	 */
	private static final Set<String> SECURITY = Set.of("dev.fastro.security.SecurityRules",
			"org.springframework.security.oauth2.jwt.JwtDecoder",
			"org.springframework.security.oauth2.jwt.ReactiveJwtDecoder",
			"org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter",
			"org.springframework.security.core.userdetails.UserDetailsService",
			"org.springframework.security.crypto.password.PasswordEncoder",
			"org.springframework.security.access.hierarchicalroles.RoleHierarchy");

	private final Set<Class<?>> routes;

	FastroTypeExcludeFilter(Class<?> testClass) {
		super(testClass);
		Class<?>[] routes = getAnnotation().getValue("routes", Class[].class).orElse(new Class<?>[0]);
		this.routes = Set.of(routes);
	}

	@Override
	protected Set<Class<?>> getKnownIncludes() {
		return this.routes.isEmpty() ? SERVING_AND_ROUTES : SERVING;
	}

	@Override
	protected Set<Class<?>> getComponentIncludes() {
		return this.routes;
	}

	@Override
	protected boolean defaultInclude(MetadataReader metadataReader, MetadataReaderFactory metadataReaderFactory)
			throws IOException {
		return super.defaultInclude(metadataReader, metadataReaderFactory) || declaresBeanOf(metadataReader);
	}

	private boolean declaresBeanOf(MetadataReader metadataReader) {
		Set<Class<?>> types = getKnownIncludes();
		for (MethodMetadata method : metadataReader.getAnnotationMetadata().getAnnotatedMethods(Bean.class.getName())) {
			String returnType = method.getReturnTypeName();
			if (SECURITY.contains(returnType)) {
				return true;
			}
			for (Class<?> type : types) {
				if (type.getName().equals(returnType)) {
					return true;
				}
			}
		}
		return false;
	}

}
