package dev.fastro.test.client;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import dev.fastro.http.Problem;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import org.assertj.core.api.AssertProvider;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole answer to a {@link TestRequest}: status, headers in the order they were
 * written, and body. AssertJ's {@code assertThat(response)} gives its
 * {@link TestResponseAssert}.
 */
public final class TestResponse implements AssertProvider<TestResponseAssert> {

	private final int status;

	private final List<Map.Entry<String, String>> headers;

	private final byte[] body;

	private final JsonMapper jsonMapper;

	TestResponse(int status, List<Map.Entry<String, String>> headers, byte[] body, JsonMapper jsonMapper) {
		this.status = status;
		this.headers = List.copyOf(headers);
		this.body = body;
		this.jsonMapper = jsonMapper;
	}

	/**
	 * The status code.
	 * @return the status code, such as 200
	 */
	public int status() {
		return this.status;
	}

	/**
	 * Every header, names as written; the in-process client keeps the order they were
	 * written in, the HTTP client the order of the JDK's client.
	 * @return the headers
	 */
	public List<Map.Entry<String, String>> headers() {
		return this.headers;
	}

	/**
	 * The first value of a header.
	 * @param name the header's name, in any case
	 * @return its first value, or {@code null}
	 */
	public String header(String name) {
		List<String> values = headers(name);
		return values.isEmpty() ? null : values.get(0);
	}

	/**
	 * Every value of a header.
	 * @param name the header's name, in any case
	 * @return its values, in order
	 */
	public List<String> headers(String name) {
		return this.headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).toList();
	}

	/**
	 * The value of a cookie the answer sets.
	 * @param name the cookie's name
	 * @return its value, or {@code null} when no {@code set-cookie} header sets it
	 */
	public String cookie(String name) {
		for (String header : headers("set-cookie")) {
			Cookie cookie = ClientCookieDecoder.STRICT.decode(header);
			if (cookie != null && cookie.name().equals(name)) {
				return cookie.value();
			}
		}
		return null;
	}

	/**
	 * The body's bytes.
	 * @return the body, empty when there is none
	 */
	public byte[] bodyBytes() {
		return this.body.clone();
	}

	/**
	 * The body as text, in the charset of its content type, UTF-8 when it names none.
	 * @return the body as text
	 */
	public String bodyString() {
		String contentType = header("content-type");
		Charset charset = (contentType != null) ? HttpUtil.getCharset(contentType, StandardCharsets.UTF_8)
				: StandardCharsets.UTF_8;
		return new String(this.body, charset);
	}

	/**
	 * The body as a JSON tree.
	 * @return the JSON tree
	 */
	public JsonNode json() {
		return this.jsonMapper.readTree(this.body);
	}

	/** Reads JSON text with this response's mapper, to compare it with the body. */
	JsonNode readJson(String json) {
		return this.jsonMapper.readTree(json);
	}

	/**
	 * The JSON body read into a type.
	 * @param <T> the type
	 * @param type the class to read into
	 * @return the body as that type
	 */
	public <T> T body(Class<T> type) {
		return this.jsonMapper.readValue(this.body, type);
	}

	/**
	 * The JSON body read into a generic type.
	 * @param <T> the type
	 * @param type the type to read into, such as {@code new TypeReference<List<User>>()
	 * {}}
	 * @return the body as that type
	 */
	public <T> T body(TypeReference<T> type) {
		return this.jsonMapper.readValue(this.body, type);
	}

	/**
	 * The body as an RFC 9457 problem, its members beyond the standard ones as
	 * extensions.
	 * @return the problem
	 */
	public Problem problem() {
		Map<String, Object> members = this.jsonMapper.readValue(this.body, new TypeReference<Map<String, Object>>() {
		});
		Object type = members.remove("type");
		Object title = members.remove("title");
		Object status = members.remove("status");
		Object detail = members.remove("detail");
		Object instance = members.remove("instance");
		return new Problem((String) type, (String) title, (status instanceof Number number) ? number.intValue() : 0,
				(String) detail, (String) instance, members);
	}

	@Override
	public TestResponseAssert assertThat() {
		return new TestResponseAssert(this);
	}

	@Override
	public String toString() {
		return this.status + " " + this.headers + " " + new String(this.body, StandardCharsets.UTF_8);
	}

}
