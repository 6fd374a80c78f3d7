package dev.fastro.http;

/**
 * Fastro's {@code onError} hook, declared as a bean: sees every exception that reaches
 * the framework, before an exception handler or the default problem answer handles it. It
 * observes; it does not answer.
 */
@FunctionalInterface
public interface ErrorHook {

	/**
	 * Sees an exception; what it throws itself is logged and ignored.
	 * @param ctx the request the exception occurred on
	 * @param error the exception, unwrapped from {@code CompletionException} and
	 * {@code ExecutionException}
	 */
	void onError(Context ctx, Throwable error);

}
