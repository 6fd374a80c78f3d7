package dev.fastro.demo;

/**
 * The body of the JSON POST benchmark scenario, echoed back as it came. The perf module's
 * comparison servers read it into this record too, so every server parses and writes the
 * same type.
 *
 * @param name a name
 * @param email an e-mail address
 */
public record Payload(String name, String email) {
}
