/**
 * The route manifest: an application's routes as their clients depend on them (methods,
 * patterns, parameters, bodies and answers), written to a file that is committed, and
 * compared with the next release's to find the changes that would break a client. See
 * {@link dev.fastro.manifest.RouteManifest}.
 */
package dev.fastro.manifest;
