/**
 * Fastro's service provider interface: the seam through which something other than
 * Fastro's server drives an application's request pipeline. A
 * {@link dev.fastro.http.spi.RequestPipeline} answers requests that its caller holds,
 * through the caller's {@link dev.fastro.http.spi.Transport}; the in-process test client
 * and the JMH benchmarks are such callers, and an application's pipeline is a bean.
 * <p>
 * It lives beside the API of {@code dev.fastro.http}, in the layer of the pipeline it
 * opens, because it needs nothing above it: no server, no Spring. Unlike {@code internal}
 * packages it is public and documented, and changes only as an API does; applications
 * that only declare routes never need it.
 */
package dev.fastro.http.spi;
