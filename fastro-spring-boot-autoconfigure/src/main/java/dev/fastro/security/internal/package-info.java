/**
 * Spring Security on Fastro's request pipeline. Internal, as every package named
 * {@code internal}: not API, and any release may change it.
 */
package dev.fastro.security.internal;
