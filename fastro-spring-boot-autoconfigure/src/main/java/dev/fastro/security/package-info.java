/**
 * Spring Security on Fastro's routes: which requests need which authority, declared as
 * {@link dev.fastro.security.SecurityRules} in route pattern syntax and decided per route
 * at start-up, and the authentication of a request, read with
 * {@link dev.fastro.security.FastroSecurity#authentication(dev.fastro.http.Context)}.
 * <p>
 * Built on {@code spring-security-core}; an application without it on the class path
 * never loads this package.
 */
package dev.fastro.security;
