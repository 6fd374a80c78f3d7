package dev.fastro.router.internal;

/** A route with its parsed pattern: what a tree node or the static table leads to. */
record ParsedRoute<T>(Route<T> route, RoutePattern pattern) {
}
