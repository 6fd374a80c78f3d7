package dev.fastro.server.internal;

/**
 * The limits an HTTP/2 connection announces in its SETTINGS.
 *
 * @param maxConcurrentStreams the most streams a client may have open at once
 * @param initialWindowSize the flow-control window of each stream, in bytes
 * @param maxHeaderListSize the largest decoded header list of a request, in bytes
 */
public record Http2Limits(int maxConcurrentStreams, int initialWindowSize, int maxHeaderListSize) {
}
