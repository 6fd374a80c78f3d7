/**
 * Fastro's API: {@link dev.fastro.http.Routes}, {@link dev.fastro.http.Handler},
 * {@link dev.fastro.http.Middleware}, the {@link dev.fastro.http.Context} they are
 * handed, what they return, errors and hooks. Packages named {@code internal} are not
 * API.
 */
package dev.fastro.http;
