package dev.fastro.test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.LoggerContextListener;
import ch.qos.logback.core.AppenderBase;
import io.netty.util.IllegalReferenceCountException;
import org.slf4j.LoggerFactory;

/**
 * Records what the logs say of a buffer released too often or never: a buffer released
 * twice throws {@link IllegalReferenceCountException} wherever the second release
 * happens, and the library that catches it only logs it, as Reactor's "Error in discard
 * hook" or Netty's warning of an exception no handler caught. With a pooled allocator
 * that second release frees memory another request now uses, so a test must not pass over
 * it.
 * <p>
 * The appender sits on Logback's root logger. A reset of the logging configuration takes
 * it off, and it puts itself back; Spring Boot stops the configuration before it resets
 * it, for every application a test starts, which forgets even this listener, so each such
 * application installs it again ({@link BufferErrorLogInstaller}).
 */
final class BufferErrorLog extends AppenderBase<ILoggingEvent> implements LoggerContextListener {

	private static final String REFERENCE_COUNT_ERROR = IllegalReferenceCountException.class.getName();

	private static final List<String> errors = new CopyOnWriteArrayList<>();

	private static final BufferErrorLog INSTANCE = new BufferErrorLog();

	private BufferErrorLog() {
	}

	/** Records from now on, in whatever state the logging configuration is. */
	static synchronized void install() {
		LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
		if (!INSTANCE.isStarted()) {
			INSTANCE.setContext(logging);
			INSTANCE.setName("fastro-buffer-errors");
			INSTANCE.start();
		}
		if (!logging.getCopyOfListenerList().contains(INSTANCE)) {
			logging.addListener(INSTANCE);
		}
		INSTANCE.attach(logging);
	}

	/** Returns (and forgets) the buffer errors logged so far. */
	static List<String> collect() {
		List<String> found = new ArrayList<>(errors);
		errors.removeAll(found);
		return found;
	}

	private void attach(LoggerContext logging) {
		Logger root = logging.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
		if (root.getAppender(getName()) == null) {
			root.addAppender(this);
		}
	}

	@Override
	protected void append(ILoggingEvent event) {
		String message = event.getFormattedMessage();
		boolean leak = message != null && message.startsWith("LEAK:");
		if (leak || event.getLevel().isGreaterOrEqual(Level.WARN)
				&& (mentionsDiscardHook(message) || isReferenceCountError(event.getThrowableProxy()))) {
			errors.add(event.getLevel() + " " + event.getLoggerName() + ": " + message + describe(event));
		}
	}

	private static boolean mentionsDiscardHook(String message) {
		return message != null && message.contains("Error in discard hook");
	}

	private static boolean isReferenceCountError(IThrowableProxy error) {
		for (IThrowableProxy cause = error; cause != null; cause = cause.getCause()) {
			if (REFERENCE_COUNT_ERROR.equals(cause.getClassName())) {
				return true;
			}
			for (IThrowableProxy suppressed : cause.getSuppressed()) {
				if (isReferenceCountError(suppressed)) {
					return true;
				}
			}
		}
		return false;
	}

	private static String describe(ILoggingEvent event) {
		IThrowableProxy error = event.getThrowableProxy();
		if (error == null) {
			return "";
		}
		StringBuilder text = new StringBuilder();
		for (IThrowableProxy cause = error; cause != null; cause = cause.getCause()) {
			text.append("\n  ").append(cause.getClassName()).append(": ").append(cause.getMessage());
			int frames = Math.min(cause.getStackTraceElementProxyArray().length, 12);
			for (int i = 0; i < frames; i++) {
				text.append("\n    at ").append(cause.getStackTraceElementProxyArray()[i].getStackTraceElement());
			}
		}
		return text.toString();
	}

	// ---- the logging configuration's life

	@Override
	public boolean isResetResistant() {
		return true;
	}

	@Override
	public void onReset(LoggerContext logging) {
		// A reset detaches every appender and stops it.
		if (!isStarted()) {
			start();
		}
		attach(logging);
	}

	@Override
	public void onStart(LoggerContext logging) {
		attach(logging);
	}

	@Override
	public void onStop(LoggerContext logging) {
	}

	@Override
	public void onLevelChange(Logger logger, Level level) {
	}

}
