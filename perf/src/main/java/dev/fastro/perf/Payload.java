package dev.fastro.perf;

/**
 * The body of the JSON POST scenario: every server reads it into this record with Jackson and
 * writes the record back.
 *
 * @param name  a name
 * @param email an e-mail address
 */
public record Payload(String name, String email) {
}
