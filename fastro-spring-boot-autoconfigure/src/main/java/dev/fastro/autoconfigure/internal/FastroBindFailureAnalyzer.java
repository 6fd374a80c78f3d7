package dev.fastro.autoconfigure.internal;

import java.nio.channels.UnresolvedAddressException;

import dev.fastro.server.internal.FastroBindException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.NestedExceptionUtils;

/**
 * Analyzes a {@link FastroBindException}: Fastro's server could not bind its address and
 * port, most often because another process listens on the port, sometimes because
 * {@code fastro.server.address} names no address at all.
 */
class FastroBindFailureAnalyzer extends AbstractFailureAnalyzer<FastroBindException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, FastroBindException cause) {
		Throwable reason = NestedExceptionUtils.getMostSpecificCause(cause);
		if (reason instanceof UnresolvedAddressException) {
			return new FailureAnalysis(
					"Fastro's server failed to start: fastro.server.address '" + cause.host()
							+ "' is neither an IP address nor a host name that resolves.",
					"Set fastro.server.address to an address of this machine, or to 0.0.0.0 for all of them.", cause);
		}
		String description = "Fastro's server failed to start: it could not bind " + cause.host() + ":" + cause.port()
				+ " (" + reason.getMessage() + ").";
		String action = "Identify and stop the process that's listening on port " + cause.port()
				+ ", or set fastro.server.port to another port (0 picks a free one). If " + cause.host()
				+ " is not an address of this machine, set fastro.server.address to one that is.";
		return new FailureAnalysis(description, action, cause);
	}

}
