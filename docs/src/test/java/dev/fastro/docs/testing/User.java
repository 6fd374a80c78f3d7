package dev.fastro.docs.testing;

/**
 * A user, as the routes of this package answer with it.
 *
 * @param id its id
 * @param name its name
 */
public record User(long id, String name) {
}
