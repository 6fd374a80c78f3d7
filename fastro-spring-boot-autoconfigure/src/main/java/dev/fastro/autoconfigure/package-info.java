/**
 * Fastro's auto-configuration, and what an application uses of it: the {@code fastro.*}
 * {@link dev.fastro.autoconfigure.FastroProperties}, the
 * {@link dev.fastro.autoconfigure.LocalFastroPort} annotation and the
 * {@link dev.fastro.autoconfigure.FastroServerStartedEvent}. Packages named
 * {@code internal} are not API.
 */
package dev.fastro.autoconfigure;
