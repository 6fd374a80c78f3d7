package dev.fastro.perf.harness;

/**
 * A request and the answer it must get: what the harness verifies before it measures.
 *
 * @param request the request
 * @param expected the answer, byte for byte
 */
public record Probe(Request request, ExpectedResponse expected) {
}
