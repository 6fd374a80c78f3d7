/**
 * Fastro's router: route patterns, the segment tree, matches and the route cache.
 * Internal, as every package named {@code internal}: not API, and any release may change
 * it. Applications declare routes with {@code dev.fastro.http.Routes}.
 */
package dev.fastro.router.internal;
