/**
 * The in-memory store of rate limit buckets, bounded in keys. Not API.
 */
package dev.fastro.ratelimit.internal;
