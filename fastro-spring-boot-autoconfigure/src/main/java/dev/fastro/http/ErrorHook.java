package dev.fastro.http;

/**
 * Fastro's {@code onError} hook, declared as a bean: sees every exception that reaches the framework,
 * before an exception handler or the default problem answer handles it. It observes; it does not answer.
 */
@FunctionalInterface
public interface ErrorHook {

	void onError(Context ctx, Throwable error);

}
