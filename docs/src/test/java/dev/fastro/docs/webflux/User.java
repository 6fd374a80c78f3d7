package dev.fastro.docs.webflux;

/**
 * A user, as both versions of the API answer with it.
 *
 * @param id its id
 * @param name its name
 */
public record User(long id, String name) {
}
