package dev.fastro.autoconfigure;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;

import dev.fastro.http.Routes;
import dev.fastro.http.internal.BodyValidator;
import dev.fastro.http.internal.JsonCodec;
import dev.fastro.test.TestHttp;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.validation.groups.Default;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static dev.fastro.test.TestHttp.assertProblem;
import static dev.fastro.test.TestHttp.assertResponse;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bean Validation of request bodies: on when the application has a validator, absent (and
 * its classes unused) when it has none or when Bean Validation is not on the classpath.
 */
class BodyValidationTest {

	private static final String VALID = "{\"name\":\"Ada\",\"age\":36,\"address\":{\"city\":\"London\"},\"tags\":[\"math\"]}";

	private static final String REFERRED = VALID.substring(0, VALID.length() - 1) + ",\"referrer\":\"Grace\"}";

	private static final String INVALID = "{\"name\":\" \",\"age\":12,\"address\":{\"city\":\"\"},\"tags\":[\"a\",\"\"]}";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, ValidationAutoConfiguration.class,
				FastroAutoConfiguration.class, FastroServerAutoConfiguration.class))
		.withPropertyValues("fastro.server.port=0")
		.withUserConfiguration(SignUpRoutes.class);

	@Test
	void invalidBodyIsBadRequestListingEveryInvalidField() {
		this.runner.run(context -> {
			assertThat(context).hasSingleBean(BodyValidator.class);
			assertProblem(post(context, "/signup", INVALID), 400,
					"{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"Invalid request content.\",\"instance\":\"/signup\",\"errors\":["
							+ "{\"field\":\"address.city\",\"pointer\":\"#/address/city\",\"message\":\"must not be blank\",\"rejectedValue\":\"\"},"
							+ "{\"field\":\"age\",\"pointer\":\"#/age\",\"message\":\"must be greater than or equal to 18\",\"rejectedValue\":12},"
							+ "{\"field\":\"name\",\"pointer\":\"#/name\",\"message\":\"must not be blank\",\"rejectedValue\":\" \"},"
							+ "{\"field\":\"tags[1]\",\"pointer\":\"#/tags/1\",\"message\":\"must not be blank\",\"rejectedValue\":\"\"}]}");
		});
	}

	@Test
	void invalidFieldsAreNamedAsTheBodyNamesThem() {
		this.runner.withPropertyValues("spring.jackson.property-naming-strategy=SNAKE_CASE")
			.withUserConfiguration(ProfileRoutes.class)
			.run(context -> {
				HttpResponse<String> response = post(context, "/profile",
						"{\"display_name\":\"\",\"e-mail\":\"nope\",\"contact_details\":[{\"phone_number\":\"1\"},{\"phone_number\":\"\"}],"
								+ "\"backup_contact\":{\"phone_number\":\"\"},\"preferred_channel\":{\"@type\":\"text\",\"phone_number\":\"\"}}");
				assertThat(response.statusCode()).isEqualTo(400);
				assertThat(TestHttp.json(response.body()).get("errors").toString()).isEqualTo("["
						+ "{\"field\":\"backup_contact.phone_number\",\"pointer\":\"#/backup_contact/phone_number\",\"message\":\"must not be blank\",\"rejected_value\":\"\"},"
						+ "{\"field\":\"contact_details[1].phone_number\",\"pointer\":\"#/contact_details/1/phone_number\",\"message\":\"must not be blank\",\"rejected_value\":\"\"},"
						+ "{\"field\":\"display_name\",\"pointer\":\"#/display_name\",\"message\":\"must not be blank\",\"rejected_value\":\"\"},"
						+ "{\"field\":\"e-mail\",\"pointer\":\"#/e-mail\",\"message\":\"must be a well-formed email address\",\"rejected_value\":\"nope\"},"
						+ "{\"field\":\"preferred_channel.phone_number\",\"pointer\":\"#/preferred_channel/phone_number\",\"message\":\"must not be blank\",\"rejected_value\":\"\"}]");
			});
	}

	@Test
	void objectsAreNotEchoedAsRejectedValues() {
		this.runner.run(context -> {
			HttpResponse<String> response = post(context, "/signup",
					"{\"name\":\"Ada\",\"age\":36,\"address\":{\"city\":\"London\"},\"tags\":[\"a\",\"b\",\"c\"]}");
			assertThat(response.statusCode()).isEqualTo(400);
			assertThat(TestHttp.json(response.body()).get("errors").get(0).get("rejectedValue").isNull()).isTrue();
		});
	}

	@Test
	void validBodyIsHandled() {
		this.runner.run(context -> assertResponse(post(context, "/signup", VALID), 200, TestHttp.TEXT, "Welcome Ada"));
	}

	@Test
	void validBodyChecksTheGroupsAsked() {
		this.runner.run(context -> {
			assertThat(post(context, "/signup", VALID).statusCode()).isEqualTo(200);
			HttpResponse<String> strict = post(context, "/signup/strict", VALID);
			assertThat(strict.statusCode()).isEqualTo(400);
			assertThat(TestHttp.json(strict.body()).get("errors").toString()).isEqualTo(
					"[{\"field\":\"referrer\",\"pointer\":\"#/referrer\",\"message\":\"must not be null\",\"rejectedValue\":null}]");
			assertThat(post(context, "/signup/strict", REFERRED).statusCode()).isEqualTo(200);
		});
	}

	@Test
	void withoutAValidatorBodiesAreReadUnchecked() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class))
			.withPropertyValues("fastro.server.port=0")
			.withUserConfiguration(SignUpRoutes.class)
			.run(context -> {
				assertThat(context).doesNotHaveBean(BodyValidator.class).hasSingleBean(JsonCodec.class);
				assertResponse(post(context, "/signup", INVALID), 200, TestHttp.TEXT, "Welcome  ");
				assertThat(post(context, "/signup/strict", VALID).statusCode()).isEqualTo(500);
			});
	}

	@Test
	void withoutBeanValidationOnTheClasspathNothingOfItIsUsed() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, FastroAutoConfiguration.class,
					FastroServerAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader("jakarta.validation", "org.hibernate.validator"))
			.withPropertyValues("fastro.server.port=0")
			.withUserConfiguration(NoteRoutes.class)
			.run(context -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(BodyValidator.class);
				assertResponse(post(context, "/note", "{\"text\":\"hi\"}"), 200, TestHttp.TEXT, "hi");
			});
	}

	private static HttpResponse<String> post(AssertableApplicationContext context, String path, String json) {
		int port = context.getEnvironment().getProperty("local.fastro.port", Integer.class);
		return TestHttp.post(port, path, "application/json", json);
	}

	/** A validation group beyond the default one. */
	interface Strict {

	}

	record Address(@NotBlank String city) {
	}

	record SignUp(@NotBlank String name, @Min(18) int age, @Valid @NotNull Address address,
			@Size(max = 2) List<@NotBlank String> tags, @NotNull(groups = Strict.class) String referrer) {
	}

	record Note(String text) {
	}

	record Contact(@NotBlank String phoneNumber) {
	}

	@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
	@JsonSubTypes(@JsonSubTypes.Type(value = TextMessages.class, name = "text"))
	interface Channel {

	}

	record TextMessages(@NotBlank String phoneNumber) implements Channel {
	}

	record Profile(@NotBlank String displayName, @JsonProperty("e-mail") @Email String email,
			List<@Valid Contact> contactDetails, Optional<@Valid Contact> backupContact,
			@Valid Channel preferredChannel) {
	}

	@Configuration(proxyBeanMethods = false)
	static class SignUpRoutes {

		@Bean
		Routes signUp() {
			return Routes.builder()
				.post("/signup", ctx -> "Welcome " + ctx.body(SignUp.class).name())
				.post("/signup/strict",
						ctx -> "Welcome " + ctx.validBody(SignUp.class, Strict.class, Default.class).name())
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ProfileRoutes {

		@Bean
		Routes profile() {
			return Routes.builder().post("/profile", ctx -> ctx.body(Profile.class).displayName()).build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class NoteRoutes {

		@Bean
		Routes notes() {
			return Routes.builder().post("/note", ctx -> ctx.body(Note.class).text()).build();
		}

	}

}
