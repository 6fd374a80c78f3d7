/**
 * The request pipeline behind the API of {@code dev.fastro.http}: the
 * {@link dev.fastro.http.internal.Dispatcher}, the
 * {@link dev.fastro.http.internal.Exchange} each request lives in, JSON, forms, result
 * writing and error answers. Internal, as every package named {@code internal}: not API,
 * and any release may change it.
 */
package dev.fastro.http.internal;
