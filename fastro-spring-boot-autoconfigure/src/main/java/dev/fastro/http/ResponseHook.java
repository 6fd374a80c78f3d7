package dev.fastro.http;

/**
 * Fastro's {@code onResponse} hook, declared as a bean: runs for every response just
 * before it is written, when its status is known and its headers can still change.
 */
@FunctionalInterface
public interface ResponseHook {

	void onResponse(Context ctx);

}
