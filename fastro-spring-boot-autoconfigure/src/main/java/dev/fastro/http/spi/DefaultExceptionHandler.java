package dev.fastro.http.spi;

import dev.fastro.http.ExceptionHandler;

/**
 * An exception handler that a library declares for its own exceptions, answering only
 * when the application declares no handler for the same type: the application's own
 * handler wins, where two of the application's would fail start-up. Fastro's security
 * answers Spring Security's {@code AccessDeniedException} this way.
 *
 * @param <E> the exception type handled
 */
public interface DefaultExceptionHandler<E extends Throwable> extends ExceptionHandler<E> {

}
