package dev.fastro.http.internal;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import dev.fastro.http.HttpException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A body that does not fit its type is a 400 whose detail says, in JSON's terms, what was
 * expected where, and never Jackson's message with the server's class names.
 */
class JsonMismatchTest {

	private final JsonCodec codec = new JsonCodec(JsonMapper.builder().build());

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
							{"age":"x"}                    | at field 'age': "x" is not an integer
							{}                             | at field 'age': missing, expected an integer
							{"age":null}                   | at field 'age': expected an integer, got null
							{"age":[1]}                    | at field 'age': expected an integer, got an array
							{"age":true}                   | at field 'age': expected an integer, got true
							{"age":1,"name":{}}            | at field 'name': expected a string, got an object
							{"age":1,"list":{}}            | at field 'list': expected an array, got an object
							{"age":1,"list":[1,"x"]}       | at field 'list[1]': "x" is not an integer
							{"age":1,"color":"BLUE"}       | at field 'color': "BLUE" is not one of RED, GREEN
							{"age":1,"scores":[1]}         | at field 'scores': expected an object, got an array
							{"age":1,"scores":{"a":"b"}}   | at field 'scores.a': "b" is not an integer
							{"age":1,"ok":"yes"}           | at field 'ok': "yes" is not true or false
							{"age":1,"born":"someday"}     | at field 'born': "someday" is not a valid LocalDate
							{"age":"12345678901234567890123456789012345678901234567890"} | at field 'age': "1234567890123456789012345678901234567890..." is not an integer
							[]                             | : expected an object, got an array
							"ada"                          | : expected an object, got a string
					{"age":1} {"age":2}            | : more JSON follows the value
							""")
	void saysWhatWasExpectedWhereInJsonsTerms(String body, String detail) {
		assertThatExceptionOfType(HttpException.class).isThrownBy(() -> read(body, Person.class))
			.satisfies((ex) -> assertThat(ex.status()).isEqualTo(400))
			.withMessage("JSON does not fit Person" + (detail.startsWith(":") ? detail : " " + detail));
	}

	@Test
	void aValueARecordRefusesIsNamedByItsOwnMessage() {
		assertThatExceptionOfType(HttpException.class).isThrownBy(() -> read("{\"name\":\" \"}", Named.class))
			.withMessage("JSON does not fit Named: name must not be blank");
		assertThatExceptionOfType(HttpException.class).isThrownBy(() -> read("{\"name\":\"x\"}", Named.class))
			.withMessage("JSON does not fit Named: its value was refused");
	}

	@Test
	void aTypeJacksonCannotReadIsTheApplicationsErrorNotTheClients() {
		assertThatExceptionOfType(InvalidDefinitionException.class).isThrownBy(() -> read("{}", Unreadable.class));
	}

	private Object read(String json, Class<?> type) {
		ByteBuf body = Unpooled.copiedBuffer(json, StandardCharsets.UTF_8);
		try {
			return this.codec.read(body, type, null);
		}
		finally {
			body.release();
		}
	}

	enum Color {

		RED, GREEN

	}

	record Person(String name, int age, List<Integer> list, Color color, Map<String, Integer> scores, Boolean ok,
			LocalDate born) {
	}

	record Named(String name) {

		Named {
			if (name.isBlank()) {
				throw new IllegalArgumentException("name must not be blank");
			}
			if (name.equals("x")) {
				throw new IllegalStateException("internal state of the server");
			}
		}

	}

	static final class Unreadable {

		private Unreadable(int value) {
		}

	}

}
