/**
 * Checking an application's routes against the manifest of its previous release, so that
 * a change that would break a client fails a test: {@link RouteManifests} reads the
 * running application's manifest, {@link RouteManifestAssert} compares it.
 */
package dev.fastro.test.manifest;
