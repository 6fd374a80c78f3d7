package dev.fastro.docs.ratelimit;

// tag::shared[]
import java.time.Duration;

import dev.fastro.http.Routes;
import dev.fastro.ratelimit.RateLimit;
import dev.fastro.ratelimit.RateLimitBuckets;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.distributed.proxy.ProxyManager;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class SharedLimits {

	// proxies: a ProxyManager<String> bean from bucket4j-redis, bucket4j-jcache, ...
	@Bean
	Routes reportRoutes(ProxyManager<String> proxies) {
		RateLimitBuckets shared = (key, configuration) -> proxies.builder().build(key, configuration);
		RateLimit reports = RateLimit
			.perPrincipal(Bandwidth.builder().capacity(3).refillGreedy(3, Duration.ofHours(1)).build())
			.named("reports")
			.buckets(shared)
			.build();
		// Blocking: each request asks the shared store over the network
		return Routes.builder().blocking().get("/reports", (ctx) -> "report", reports).build();
	}

}
// end::shared[]
