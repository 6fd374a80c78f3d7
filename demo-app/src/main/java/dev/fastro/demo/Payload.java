package dev.fastro.demo;

/** The body of the JSON POST benchmark scenario, echoed back as it came. */
public record Payload(String name, String email) {
}
