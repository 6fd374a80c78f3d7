package dev.fastro.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names the {@code http.server.requests} observation of a request and its key values. A
 * bean of this type replaces {@link DefaultFastroServerObservationConvention}; extending
 * that class keeps its keys and adds or changes some.
 */
public interface FastroServerObservationConvention extends ObservationConvention<FastroServerObservationContext> {

	@Override
	default boolean supportsContext(Observation.Context context) {
		return context instanceof FastroServerObservationContext;
	}

}
