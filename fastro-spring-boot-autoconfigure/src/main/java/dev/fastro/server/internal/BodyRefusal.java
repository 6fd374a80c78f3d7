package dev.fastro.server.internal;

import dev.fastro.http.HttpException;

/**
 * The message that ends a request body which failed before its last chunk (a malformed
 * chunk, a client too slow or gone, a body longer than allowed), in place of the rest of
 * it. Nothing after it is read on the connection.
 *
 * @param failure what answers the request
 */
record BodyRefusal(HttpException failure) {
}
