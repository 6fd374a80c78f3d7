package dev.fastro.perf.harness;

/**
 * A server the harness refused to measure because an answer differed from the expected
 * one.
 *
 * @param experiment the experiment it was started for
 * @param server the server
 * @param reason what differed
 */
public record Refusal(Experiment experiment, ServerKind server, String reason) {
}
