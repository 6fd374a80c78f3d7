package dev.fastro.docs.routes;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.fastro.docs.routes.ReportRoutes.Reports;
import dev.fastro.http.Middleware;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The application the tests of this package that need Spring share: the samples of the
 * Routes page, served by Fastro's default server and blocking scheduler.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import({ CatalogRoutes.class, ReportRoutes.class })
class RouteSamples {

	@Bean
	RecordingReports reports() {
		return new RecordingReports();
	}

	/** A global middleware that records the thread it runs on for the reports. */
	@Bean
	Middleware recordingThread(RecordingReports reports) {
		return (ctx, next) -> {
			if (ctx.path().startsWith("/reports/")) {
				reports.threads.put("middleware", Thread.currentThread().getName());
			}
			return next.handle(ctx);
		};
	}

	/** Reports that record the thread each method ran on. */
	static class RecordingReports implements Reports {

		final Map<String, String> threads = new ConcurrentHashMap<>();

		@Override
		public Map<String, Object> forYear(int year) {
			this.threads.put("forYear", Thread.currentThread().getName());
			return Map.of("year", year);
		}

		@Override
		public byte[] export() {
			this.threads.put("export", Thread.currentThread().getName());
			return "year,total".getBytes();
		}

	}

}
