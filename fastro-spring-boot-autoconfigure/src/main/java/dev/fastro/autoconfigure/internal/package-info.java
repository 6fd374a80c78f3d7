/**
 * What the auto-configuration runs: the server's lifecycle, and the analyses that explain
 * Fastro's start-up failures. Internal, as every package named {@code internal}: not API,
 * and any release may change it.
 */
package dev.fastro.autoconfigure.internal;
