/**
 * The security middleware and what it is made of: the rules compiled per route, the
 * bearer token read from a request, its authentication and the answers to refusals. Not
 * an API: these types change without notice.
 */
package dev.fastro.security.internal;
