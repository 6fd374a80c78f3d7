package dev.fastro.docs.observability;

import java.util.Set;

import dev.fastro.observation.DefaultFastroServerObservationConvention;
import dev.fastro.observation.FastroServerObservationContext;
import dev.fastro.observation.FastroServerObservationConvention;
import io.micrometer.common.KeyValues;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A convention that adds a {@code tenant} key to every request's observation. */
@Configuration(proxyBeanMethods = false)
class TenantMetrics {

	// tag::convention[]
	@Bean
	FastroServerObservationConvention tenantConvention() {
		Set<String> tenants = Set.of("acme", "globex");
		return new DefaultFastroServerObservationConvention() {
			@Override
			public KeyValues getLowCardinalityKeyValues(FastroServerObservationContext context) {
				// A client chooses the header: keep the values to a known few.
				String tenant = context.getCarrier().header("x-tenant");
				if (tenant == null || !tenants.contains(tenant)) {
					tenant = "other";
				}
				return super.getLowCardinalityKeyValues(context).and("tenant", tenant);
			}
		};
	}
	// end::convention[]

}
