/**
 * Cross-origin requests answered from Spring's {@code CorsConfiguration}: the one part of
 * the request pipeline built on Spring, kept apart so that {@code dev.fastro.http} needs
 * no Spring and an application without {@code spring-web} never loads it.
 */
package dev.fastro.cors;
