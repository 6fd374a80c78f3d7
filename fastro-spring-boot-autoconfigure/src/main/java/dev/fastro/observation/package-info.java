/**
 * The {@code http.server.requests} observation of every request, when the application has
 * a Micrometer {@code ObservationRegistry}: its context and its convention, which an
 * application may replace with a bean of its own.
 */
package dev.fastro.observation;
