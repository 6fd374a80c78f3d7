package dev.fastro.demo.proxy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

/**
 * Keeps the lines of Fastro's access log ({@code fastro.server.access-log.enabled}) in
 * memory, and off the console: one line for every request Fastro answered, those it
 * refused before any handler included. Attached once the application has started, as
 * Spring Boot sets up logging afresh when an application starts.
 */
final class AccessLogRecorder extends AppenderBase<ILoggingEvent> {

	private static final String LOGGER = "reactor.netty.http.server.AccessLog";

	/** The request line and status of a line: {@code "GET /x?id=1 HTTP/1.1" 200 }. */
	private static final Pattern REQUEST = Pattern.compile("\"([^\"]*)\" (\\d{3}) ");

	private final List<ReceivedRequest> received = Collections.synchronizedList(new ArrayList<>());

	/** Records Fastro's access log from now on. */
	static AccessLogRecorder attach() {
		LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
		AccessLogRecorder recorder = new AccessLogRecorder();
		recorder.setContext(context);
		recorder.start();
		Logger logger = context.getLogger(LOGGER);
		logger.setLevel(Level.INFO);
		logger.setAdditive(false);
		logger.addAppender(recorder);
		return recorder;
	}

	/** Stops recording, and gives the access log back to the logging configuration. */
	void detach() {
		Logger logger = ((LoggerContext) getContext()).getLogger(LOGGER);
		logger.detachAppender(this);
		logger.setAdditive(true);
		stop();
	}

	@Override
	protected void append(ILoggingEvent event) {
		Matcher request = REQUEST.matcher(event.getFormattedMessage());
		if (request.find()) {
			this.received
				.add(new ReceivedRequest(ProxiedRequest.idIn(request.group(1)), Integer.parseInt(request.group(2))));
		}
	}

	int count() {
		return this.received.size();
	}

	/** The requests Fastro answered, from the {@code from}-th on. */
	List<ReceivedRequest> since(int from) {
		synchronized (this.received) {
			return List.copyOf(this.received.subList(from, this.received.size()));
		}
	}

	/**
	 * A request Fastro answered.
	 *
	 * @param id its {@code id} query parameter, {@code "null"} without one
	 * @param status what Fastro answered
	 */
	record ReceivedRequest(String id, int status) {

	}

}
