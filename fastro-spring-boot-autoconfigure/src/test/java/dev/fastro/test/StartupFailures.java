package dev.fastro.test;

/** What a failed start-up says. */
public final class StartupFailures {

	private StartupFailures() {
	}

	/**
	 * Every message of a failure's cause chain, one per line, as Spring Boot's failure
	 * analysis reads them.
	 */
	public static String causes(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}

}
