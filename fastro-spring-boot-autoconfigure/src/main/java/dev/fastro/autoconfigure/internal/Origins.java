package dev.fastro.autoconfigure.internal;

/** How an analysis names where a route was declared. */
final class Origins {

	private Origins() {
	}

	/** {@code " (bean 'users', route #3)"}, or nothing when the origin is unknown. */
	static String of(String origin) {
		return (origin != null) ? " (" + origin + ")" : "";
	}

}
