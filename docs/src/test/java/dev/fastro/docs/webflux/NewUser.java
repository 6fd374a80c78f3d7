package dev.fastro.docs.webflux;

/**
 * A user to create, as both versions of the API read it.
 *
 * @param name its name
 */
public record NewUser(String name) {
}
