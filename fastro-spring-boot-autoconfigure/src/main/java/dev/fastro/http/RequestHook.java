package dev.fastro.http;

/**
 * Fastro's {@code onRequest} hook, declared as a bean: runs for every request before
 * routing and before any middleware. Throwing from it answers the request as an error.
 */
@FunctionalInterface
public interface RequestHook {

	void onRequest(Context ctx) throws Exception;

}
