package dev.fastro.docs.validation;

import java.util.List;

import dev.fastro.http.ExceptionHandler;
import dev.fastro.http.InvalidBodyException;
import dev.fastro.http.InvalidBodyException.FieldError;
import dev.fastro.http.Routes;
import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Validating request bodies", in process: {@code @FastroTest} brings Spring Boot's
 * validator, which {@code FastroTestClient.bindTo(routes)} does without.
 */
@FastroTest
class ValidationTest {

	@Autowired
	FastroTestClient client;

	@Test
	void answersAnInvalidBodyWithEveryInvalidField() {
		assertThat(this.client.post("/users").json("{\"name\":\" \",\"email\":\"nope\"}").exchange()).hasStatus(400)
			.hasContentType("application/problem+json")
			.hasJsonBody("""
					{"type":"about:blank","title":"Bad Request","status":400,"detail":"Invalid request content.",
					 "instance":"/users","errors":[
					  {"field":"email","pointer":"#/email","message":"must be a well-formed email address",
					   "rejectedValue":"nope"},
					  {"field":"name","pointer":"#/name","message":"must not be blank","rejectedValue":" "}]}
					""");
		assertThat(this.client.post("/users").json("{\"name\":\"Ada\",\"email\":\"ada@example.com\"}").exchange())
			.hasStatus(201);
	}

	@Test
	void namesFieldsAsTheBodyNamesThem() {
		assertThat(this.client.put("/profile").json("{\"displayName\":\"\",\"e-mail\":\"nope\"}").exchange())
			.hasStatus(400)
			.hasJsonBody("""
					{"type":"about:blank","title":"Bad Request","status":400,"detail":"Invalid request content.",
					 "instance":"/profile","errors":[
					  {"field":"displayName","pointer":"#/displayName","message":"must not be blank",
					   "rejectedValue":""},
					  {"field":"e-mail","pointer":"#/e-mail","message":"must be a well-formed email address",
					   "rejectedValue":"nope"}]}
					""");
	}

	@Test
	void validatesInTheGroupsAsked() {
		String draft = "{\"title\":\"Fastro\"}";
		assertThat(this.client.post("/drafts").json(draft).exchange()).hasStatus(200);
		assertThat(this.client.post("/articles").json(draft).exchange()).hasStatus(400)
			.problem()
			.extracting((problem) -> problem.extensions().get("errors"))
			.asList()
			.singleElement()
			.asString()
			.contains("field=text", "must not be blank");
		assertThat(this.client.post("/drafts").json("{\"text\":\"Hello\"}").exchange()).hasStatus(400);
		assertThat(this.client.post("/articles").json("{\"title\":\"Fastro\",\"text\":\"Hello\"}").exchange())
			.hasStatus(200);
	}

	@Test
	void anExceptionHandlerAnswersInvalidBodiesOtherwise() {
		ExceptionHandler<InvalidBodyException> handler = new InvalidBodies().invalidBody();
		List<FieldError> errors = List.of(new FieldError("name", "#/name", "must not be blank", " "));
		FastroTestClient client = FastroTestClient.bindTo(Routes.builder()
			.post("/users", (ctx) -> handler.handle(ctx, new InvalidBodyException(errors)))
			.build());
		assertThat(client.post("/users").exchange()).hasStatus(422)
			.hasContentType("application/problem+json")
			.hasJsonBody("""
					{"type":"about:blank","title":"Unprocessable Entity","status":422,
					 "detail":"Check the fields listed","instance":"/users","errors":[
					  {"field":"name","pointer":"#/name","message":"must not be blank","rejectedValue":" "}]}
					""");
	}

}
