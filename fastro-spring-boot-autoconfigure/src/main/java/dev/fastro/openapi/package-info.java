/**
 * The OpenAPI document of the application's routes: what an application may declare to
 * adjust it.
 */
package dev.fastro.openapi;
