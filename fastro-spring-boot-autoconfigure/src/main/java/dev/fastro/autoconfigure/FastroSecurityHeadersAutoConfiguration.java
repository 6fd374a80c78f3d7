package dev.fastro.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.fastro.autoconfigure.FastroProperties.FrameOptions;
import dev.fastro.autoconfigure.FastroProperties.Headers;
import dev.fastro.autoconfigure.FastroProperties.Hsts;
import dev.fastro.autoconfigure.FastroProperties.ReferrerPolicy;
import dev.fastro.http.ResponseHook;
import dev.fastro.security.internal.SecurityHeaders;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The headers Spring Security writes on every answer by default, written on Fastro's
 * answers when Spring Security is on the class path: {@code X-Content-Type-Options},
 * {@code X-Frame-Options}, {@code X-XSS-Protection}, the cache headers,
 * {@code Strict-Transport-Security} over HTTPS and {@code Referrer-Policy}, each set by
 * its {@code fastro.security.headers.*} key, all off with
 * {@code fastro.security.headers.enabled=false}.
 */
@AutoConfiguration
@ConditionalOnClass(name = "org.springframework.security.core.Authentication")
@ConditionalOnBooleanProperty(name = "fastro.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "fastro.security.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "fastro.security.headers.enabled", matchIfMissing = true)
@EnableConfigurationProperties(FastroProperties.class)
public class FastroSecurityHeadersAutoConfiguration {

	/**
	 * Unordered, so that it runs after the application's own response hooks, as Spring
	 * writes its headers last, and keeps the headers they set.
	 */
	@Bean
	ResponseHook fastroSecurityHeaders(FastroProperties properties) {
		Headers headers = properties.getSecurity().getHeaders();
		Map<String, String> always = new LinkedHashMap<>();
		if (headers.isContentTypeOptions()) {
			always.put("x-content-type-options", "nosniff");
		}
		if (headers.getFrameOptions() != FrameOptions.OFF) {
			always.put("x-frame-options", headers.getFrameOptions().name());
		}
		switch (headers.getXssProtection()) {
			case DISABLED -> always.put("x-xss-protection", "0");
			case ENABLED -> always.put("x-xss-protection", "1");
			case ENABLED_MODE_BLOCK -> always.put("x-xss-protection", "1; mode=block");
			case OFF -> {
			}
		}
		if (headers.getReferrerPolicy() != ReferrerPolicy.OFF) {
			always.put("referrer-policy",
					headers.getReferrerPolicy().name().toLowerCase(Locale.ROOT).replace('_', '-'));
		}
		Hsts hsts = headers.getHsts();
		String strictTransportSecurity = hsts.isEnabled() ? SecurityHeaders.strictTransportSecurity(hsts.getMaxAge(),
				hsts.isIncludeSubDomains(), hsts.isPreload()) : null;
		return new SecurityHeaders(always, headers.isCacheControl(), strictTransportSecurity);
	}

}
