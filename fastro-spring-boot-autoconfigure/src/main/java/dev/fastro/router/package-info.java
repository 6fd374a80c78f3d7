/**
 * What Fastro's router answers, read-only: the {@link dev.fastro.router.PathMatch} of a
 * method and path. The router itself is internal; applications declare routes with
 * {@code dev.fastro.http.Routes}.
 */
package dev.fastro.router;
