package dev.fastro.docs.ratelimit;

// tag::limits[]
import java.time.Duration;
import java.util.List;

import dev.fastro.http.Routes;
import dev.fastro.ratelimit.RateLimit;
import io.github.bucket4j.Bandwidth;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class LoginLimits {

	@Bean
	Routes limitedRoutes() {
		// Five attempts per client address, five more each minute
		RateLimit logins = RateLimit
			.perClientAddress(Bandwidth.builder().capacity(5).refillIntervally(5, Duration.ofMinutes(1)).build())
			.named("login")
			.build();
		// Bursts of 20 per API key, then 10 a second; without a key, per address
		RateLimit apiKeys = RateLimit
			.perHeader("x-api-key", Bandwidth.builder().capacity(20).refillGreedy(10, Duration.ofSeconds(1)).build())
			.named("api")
			.build();
		return Routes.builder()
			.post("/login", (ctx) -> "welcome", logins)
			.group("/api", (api) -> api.use(apiKeys).get("/orders", (ctx) -> List.of("order 1")))
			.build();
	}

}
// end::limits[]
