package dev.fastro.test.client;

import dev.fastro.security.FastroSecurity;

import org.springframework.security.core.Authentication;
import org.springframework.security.test.context.TestSecurityContextHolder;

/**
 * The user a test runs as with Spring Security's {@code @WithMockUser},
 * {@code @WithUserDetails} or {@code @WithSecurityContext}, which its test execution
 * listener keeps in the {@link TestSecurityContextHolder} of the test's thread. Loaded
 * only when Spring Security's test support is on the class path.
 */
final class MockUser {

	private MockUser() {
	}

	/**
	 * A customizer that runs a request as the test thread's user.
	 * @return the customizer, or {@code null} when the test runs as no one
	 */
	static TestRequest.Customizer ofTestThread() {
		Authentication authentication = TestSecurityContextHolder.getContext().getAuthentication();
		if (authentication == null) {
			return null;
		}
		return (ctx, application) -> ctx.set(FastroSecurity.AUTHENTICATION, authentication);
	}

}
