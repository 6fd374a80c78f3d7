package dev.fastro.test.security;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

import dev.fastro.http.Context;
import dev.fastro.security.FastroSecurity;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestRequest;

import org.springframework.context.ApplicationContext;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.core.ResolvableType;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.util.Assert;

/**
 * Runs a request of the in-process {@link FastroTestClient} as a user, as Spring
 * Security's request post-processors do for MockMvc: the request reaches Fastro's
 * security middleware already authenticated, and the application's rules, principal and
 * method security see that authentication.
 *
 * <pre>{@code
 * assertThat(client.get("/admin/stats").with(user("ada").roles("ADMIN")).exchange()).hasStatus(200);
 * assertThat(client.get("/admin/stats").with(jwt((token) -> token.claim("roles", List.of("ADMIN")))).exchange())
 *     .hasStatus(200);
 * }</pre>
 *
 * A request without any runs as the test's {@code @WithMockUser} user, if it has one.
 */
public final class SecurityCustomizers {

	private SecurityCustomizers() {
	}

	/**
	 * Runs the request as a user with a password of {@code password} and the role
	 * {@code USER}, unless {@link UserCustomizer#roles roles} or
	 * {@link UserCustomizer#authorities authorities} are given: a
	 * {@link UsernamePasswordAuthenticationToken} whose principal is a {@link User}, as
	 * MockMvc's {@code user(..)} makes it.
	 * @param username the user's name
	 * @return the customizer
	 */
	public static UserCustomizer user(String username) {
		return new UserCustomizer(username, AuthorityUtils.createAuthorityList("ROLE_USER"));
	}

	/**
	 * Runs the request as the bearer of a decoded JWT: header {@code alg=none}, claims
	 * {@code sub=user} and {@code scope=read}, as Spring Security's {@code mockJwt()}
	 * makes it. It is turned into an authentication as the application turns tokens,
	 * unlike {@code mockJwt()}: in a client bound to an application context, by its
	 * {@code Converter<Jwt, ? extends AbstractAuthenticationToken>} bean, or the one
	 * Fastro builds from {@code spring.security.oauth2.resourceserver.jwt.*}; elsewhere
	 * by Spring Security's default, which grants {@code SCOPE_read}.
	 * {@link JwtCustomizer#authorities authorities} replace what the converter grants.
	 * @return the customizer
	 */
	public static JwtCustomizer jwt() {
		return new JwtCustomizer((token) -> {
		}, null);
	}

	/**
	 * Runs the request as the bearer of a decoded JWT, as {@link #jwt()} does, with the
	 * header and claims that {@code token} sets in place of or besides the defaults.
	 * @param token sets the token's header and claims
	 * @return the customizer
	 */
	public static JwtCustomizer jwt(Consumer<Jwt.Builder> token) {
		return jwt().jwt(token);
	}

	/**
	 * Runs the request with an authentication of the test's making.
	 * @param authentication the authentication
	 * @return the customizer
	 */
	public static TestRequest.Customizer authentication(Authentication authentication) {
		Assert.notNull(authentication, "authentication must not be null");
		return (ctx, application) -> authenticate(ctx, authentication);
	}

	/**
	 * Runs the request as an anonymous user, as one without credentials runs, even in a
	 * test with {@code @WithMockUser}.
	 * @return the customizer
	 */
	public static TestRequest.Customizer anonymous() {
		return authentication(new AnonymousAuthenticationToken("key", "anonymous",
				AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
	}

	private static void authenticate(Context ctx, Authentication authentication) {
		ctx.set(FastroSecurity.AUTHENTICATION, authentication);
	}

	/** Runs a request as a user with a name and a password; see {@link #user(String)}. */
	public static final class UserCustomizer implements TestRequest.Customizer {

		private final String username;

		private String password = "password";

		private List<GrantedAuthority> authorities;

		private UserCustomizer(String username, List<GrantedAuthority> authorities) {
			Assert.hasText(username, "username must not be empty");
			this.username = username;
			this.authorities = authorities;
		}

		/**
		 * Gives the user these roles, and no other authority.
		 * @param roles the roles, without the {@code ROLE_} prefix, which is added
		 * @return this customizer
		 * @throws IllegalArgumentException for a role that starts with {@code ROLE_}
		 */
		public UserCustomizer roles(String... roles) {
			for (String role : roles) {
				Assert.isTrue(!role.startsWith("ROLE_"),
						() -> "Role '" + role + "' must not start with ROLE_, which is added");
			}
			this.authorities = AuthorityUtils
				.createAuthorityList(Arrays.stream(roles).map((role) -> "ROLE_" + role).toList());
			return this;
		}

		/**
		 * Gives the user these authorities, and no other.
		 * @param authorities the authorities, such as {@code ROLE_ADMIN} or
		 * {@code SCOPE_read}
		 * @return this customizer
		 */
		public UserCustomizer authorities(String... authorities) {
			this.authorities = AuthorityUtils.createAuthorityList(authorities);
			return this;
		}

		/**
		 * Gives the user a password of its own.
		 * @param password the password, as the principal's and the credentials
		 * @return this customizer
		 */
		public UserCustomizer password(String password) {
			this.password = password;
			return this;
		}

		@Override
		public void customize(Context ctx, ApplicationContext application) {
			User user = new User(this.username, this.password, this.authorities);
			authenticate(ctx,
					UsernamePasswordAuthenticationToken.authenticated(user, user.getPassword(), user.getAuthorities()));
		}

	}

	/** Runs a request as the bearer of a decoded JWT; see {@link #jwt()}. */
	public static final class JwtCustomizer implements TestRequest.Customizer {

		/**
		 * The type of the application's converter of tokens, as Fastro's
		 * auto-configuration injects it: here, so that only {@code jwt()} needs Spring
		 * Security's JWT support on the class path.
		 */
		private static final ResolvableType CONVERTER = ResolvableType
			.forType(new ParameterizedTypeReference<Converter<Jwt, ? extends AbstractAuthenticationToken>>() {
			});

		/** The converter Fastro's auto-configuration builds from Spring Boot's keys. */
		private static final String FASTRO_CONVERTER = "fastroJwtAuthenticationConverter";

		private Consumer<Jwt.Builder> token;

		private Collection<GrantedAuthority> authorities;

		private JwtCustomizer(Consumer<Jwt.Builder> token, Collection<GrantedAuthority> authorities) {
			this.token = token;
			this.authorities = authorities;
		}

		/**
		 * Sets the token's header and claims, after the defaults and what earlier calls
		 * set.
		 * @param token sets the header and claims
		 * @return this customizer
		 */
		public JwtCustomizer jwt(Consumer<Jwt.Builder> token) {
			this.token = this.token.andThen(token);
			return this;
		}

		/**
		 * Grants these authorities, and no other, whatever the token's claims.
		 * @param authorities the authorities, such as {@code ROLE_ADMIN} or
		 * {@code SCOPE_read}
		 * @return this customizer
		 */
		public JwtCustomizer authorities(String... authorities) {
			this.authorities = AuthorityUtils.createAuthorityList(authorities);
			return this;
		}

		@Override
		public void customize(Context ctx, ApplicationContext application) {
			Jwt.Builder builder = Jwt.withTokenValue("token")
				.header("alg", "none")
				.claim(JwtClaimNames.SUB, "user")
				.claim("scope", "read");
			this.token.accept(builder);
			Jwt jwt = builder.build();
			authenticate(ctx, (this.authorities != null) ? new JwtAuthenticationToken(jwt, this.authorities)
					: converter(application).convert(jwt));
		}

		/**
		 * The converter the application authenticates tokens with, found as Fastro's
		 * auto-configuration finds it: its own, else the one built from Spring Boot's
		 * keys, else Spring Security's default.
		 */
		@SuppressWarnings("unchecked")
		private static Converter<Jwt, ? extends AbstractAuthenticationToken> converter(ApplicationContext application) {
			if (application == null) {
				return new JwtAuthenticationConverter();
			}
			Object fastros = application.containsBean(FASTRO_CONVERTER) ? application.getBean(FASTRO_CONVERTER) : null;
			Object converter = application.getBeanProvider(CONVERTER)
				.orderedStream()
				.filter((candidate) -> candidate != fastros)
				.findFirst()
				.orElse(fastros);
			return (converter != null) ? (Converter<Jwt, ? extends AbstractAuthenticationToken>) converter
					: new JwtAuthenticationConverter();
		}

	}

}
