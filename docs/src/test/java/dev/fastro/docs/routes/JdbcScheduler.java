package dev.fastro.docs.routes;

// tag::scheduler[]
import dev.fastro.autoconfigure.FastroAutoConfiguration;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class JdbcScheduler {

	/**
	 * As many threads as the JDBC pool has connections: a 21st request waits in the
	 * queue, not on the pool.
	 */
	@Bean(name = FastroAutoConfiguration.BLOCKING_SCHEDULER, destroyMethod = "dispose")
	Scheduler fastroBlockingScheduler() {
		return Schedulers.newBoundedElastic(20, 1_000, "jdbc");
	}

}
// end::scheduler[]
