/**
 * How each request is observed: a wrapper around the dispatcher, installed at start-up
 * only when observations are on. Not API.
 */
package dev.fastro.observation.internal;
