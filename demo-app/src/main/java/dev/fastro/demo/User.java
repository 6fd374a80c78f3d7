package dev.fastro.demo;

/** A user of the example directory. */
public record User(long id, String name, String email) {
}
