package dev.fastro.http.internal;

/**
 * Wraps the {@link ExchangeDispatcher} the server calls, once, when the server is built:
 * how a concern such as observation sees every exchange without a per-request check of
 * whether it is on.
 */
@FunctionalInterface
public interface DispatcherWrapper {

	/**
	 * The dispatcher to call instead of {@code dispatcher}.
	 * @param dispatcher the dispatcher to wrap
	 * @return the wrapping dispatcher, or {@code dispatcher} itself when there is nothing
	 * to add
	 */
	ExchangeDispatcher wrap(ExchangeDispatcher dispatcher);

}
