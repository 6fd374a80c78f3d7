package dev.fastro.demo;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetector.Level;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Boot's own key for Netty's leak detection applies to a Fastro application as it
 * does to a WebFlux one: the starter brings Boot's Netty auto-configuration.
 */
class NettySettingsTest {

	@Test
	void springNettyLeakDetectionSetsNettysLevel() {
		Level before = ResourceLeakDetector.getLevel();
		assertThat(before).as("the level the tests run at").isNotEqualTo(Level.ADVANCED);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(DemoApplication.class)
			.run("--fastro.server.port=0", "--spring.main.banner-mode=off", "--spring.netty.leak-detection=advanced")) {
			assertThat(ResourceLeakDetector.getLevel()).isEqualTo(Level.ADVANCED);
		}
		finally {
			// The level is the JVM's: the other tests go on at theirs.
			ResourceLeakDetector.setLevel(before);
		}
	}

}
