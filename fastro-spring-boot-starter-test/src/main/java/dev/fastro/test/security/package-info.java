/**
 * Running the in-process client's requests as a user of Spring Security: customizers for
 * {@link dev.fastro.test.client.TestRequest#with TestRequest.with(...)}. Needs Spring
 * Security on the class path, and Spring Security's OAuth 2.0 resource server for
 * {@link dev.fastro.test.security.SecurityCustomizers#jwt() jwt()}.
 */
package dev.fastro.test.security;
