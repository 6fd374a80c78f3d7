/**
 * How the OpenAPI document is built from the routes and served; not for applications.
 */
package dev.fastro.openapi.internal;
