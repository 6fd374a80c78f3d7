package dev.fastro.docs.routes;

// tag::options[]
import java.time.Duration;

import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class UploadRoutes {

	@Bean
	Routes uploadApi() {
		return Routes.builder()
			.group("/uploads", (uploads) -> uploads
				// every route of the group: larger bodies, more time, off the event loop
				.defaults((options) -> options.maxBodySize(10 << 20).timeout(Duration.ofSeconds(30)).blocking(true))
				.post("/", (ctx) -> "stored " + ctx.bodyBytes().length + " bytes")
				// this route alone: a smaller limit in place of the group's
				.put("/avatar", (ctx) -> "avatar of " + ctx.bodyBytes().length + " bytes")
				.with((options) -> options.maxBodySize(256 << 10)))
			.build();
	}

}
// end::options[]
