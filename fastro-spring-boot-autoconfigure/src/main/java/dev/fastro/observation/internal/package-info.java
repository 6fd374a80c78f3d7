/**
 * How each request is observed: a wrapper around the dispatcher, and with route cost a
 * handler on each connection that measures its reads, installed at start-up only when
 * they are on. Not API.
 */
package dev.fastro.observation.internal;
