package dev.fastro.test.client;

import java.util.Objects;

import dev.fastro.http.Problem;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AbstractStringAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ObjectAssert;
import tools.jackson.databind.JsonNode;

/**
 * AssertJ assertions on a {@link TestResponse}, the same whether the in-process client or
 * the HTTP client received it:
 *
 * <pre>{@code
 * assertThat(client.get("/users/1").exchange()).hasStatus(200)
 *     .hasContentType("application/json")
 *     .hasJsonBody("{\"id\":1,\"name\":\"Ada\"}");
 * }</pre>
 */
public final class TestResponseAssert extends AbstractAssert<TestResponseAssert, TestResponse> {

	TestResponseAssert(TestResponse actual) {
		super(actual, TestResponseAssert.class);
	}

	/**
	 * Verifies the status code.
	 * @param status the expected status
	 * @return this assertion
	 */
	public TestResponseAssert hasStatus(int status) {
		isNotNull();
		if (this.actual.status() != status) {
			failWithMessage("Expected status %d but was %d; answer: %s", status, this.actual.status(), this.actual);
		}
		return this;
	}

	/**
	 * Verifies the first value of a header.
	 * @param name the header's name
	 * @param value its expected value
	 * @return this assertion
	 */
	public TestResponseAssert hasHeader(String name, String value) {
		isNotNull();
		if (!Objects.equals(this.actual.header(name), value)) {
			failWithMessage("Expected header '%s: %s' but was '%s'; answer: %s", name, value, this.actual.header(name),
					this.actual);
		}
		return this;
	}

	/**
	 * Verifies the answer has no such header.
	 * @param name the header's name
	 * @return this assertion
	 */
	public TestResponseAssert doesNotHaveHeader(String name) {
		isNotNull();
		if (this.actual.header(name) != null) {
			failWithMessage("Expected no header '%s' but was '%s'", name, this.actual.header(name));
		}
		return this;
	}

	/**
	 * Verifies the exact content type.
	 * @param contentType the expected content type, such as
	 * {@code text/plain; charset=utf-8}
	 * @return this assertion
	 */
	public TestResponseAssert hasContentType(String contentType) {
		return hasHeader("content-type", contentType);
	}

	/**
	 * Verifies the body as text.
	 * @param text the expected body
	 * @return this assertion
	 */
	public TestResponseAssert hasBody(String text) {
		bodyText().isEqualTo(text);
		return this;
	}

	/**
	 * Verifies the answer has no body.
	 * @return this assertion
	 */
	public TestResponseAssert hasEmptyBody() {
		return hasBody("");
	}

	/**
	 * Verifies the body is JSON equal to {@code json}, whatever the order of object
	 * members and the white space.
	 * @param json the expected JSON
	 * @return this assertion
	 */
	public TestResponseAssert hasJsonBody(String json) {
		isNotNull();
		JsonNode expected = this.actual.readJson(json);
		Assertions.assertThat(this.actual.json()).as("JSON body of %s", this.actual).isEqualTo(expected);
		return this;
	}

	/**
	 * Verifies an {@code application/problem+json} answer with the given status and
	 * detail.
	 * @param status the expected status, also the problem's
	 * @param detail the expected detail
	 * @return this assertion
	 */
	public TestResponseAssert isProblem(int status, String detail) {
		hasStatus(status).hasContentType("application/problem+json");
		Problem problem = this.actual.problem();
		Assertions.assertThat(problem.status()).as("problem status").isEqualTo(status);
		Assertions.assertThat(problem.detail()).as("problem detail").isEqualTo(detail);
		return this;
	}

	/**
	 * Assertions on the body as text.
	 * @return AssertJ's string assertions
	 */
	public AbstractStringAssert<?> bodyText() {
		isNotNull();
		return Assertions.assertThat(this.actual.bodyString()).as("body of %s", this.actual);
	}

	/**
	 * Assertions on the JSON body read into a type.
	 * @param <T> the type
	 * @param type the class to read into
	 * @return AssertJ's object assertions
	 */
	public <T> ObjectAssert<T> bodyAs(Class<T> type) {
		isNotNull();
		return Assertions.assertThat(this.actual.body(type)).as("body of %s as %s", this.actual, type.getSimpleName());
	}

	/**
	 * Assertions on the problem body.
	 * @return AssertJ's object assertions
	 */
	public ObjectAssert<Problem> problem() {
		hasContentType("application/problem+json");
		return Assertions.assertThat(this.actual.problem());
	}

}
