/**
 * Fastro's Reactor Netty server: the connection guards around the HTTP codec, and the
 * bridge from Reactor Netty to the {@code Dispatcher}. Internal, as every package named
 * {@code internal}: not API, and any release may change it.
 */
package dev.fastro.server.internal;
