package dev.fastro.perf.peers;

/**
 * The body of the JSON POST scenario, which every peer reads and writes back, as the demo
 * app's {@code Payload} for Fastro.
 *
 * @param name a name
 * @param email an e-mail address
 */
public record PeerPayload(String name, String email) {
}
