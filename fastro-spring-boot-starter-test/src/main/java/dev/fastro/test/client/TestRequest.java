package dev.fastro.test.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.netty.handler.codec.http.cookie.ClientCookieEncoder;
import io.netty.handler.codec.http.cookie.DefaultCookie;

/**
 * A request being built by a {@link FastroTestClient}, sent by {@link #exchange()}:
 *
 * <pre>{@code
 * TestResponse response = client.post("/users")
 *     .header("authorization", "Bearer s3cret")
 *     .json(new NewUser("Ada", "ada@example.com"))
 *     .exchange();
 * }</pre>
 */
public final class TestRequest {

	private final Connector connector;

	private final String method;

	private final String path;

	private final StringBuilder query = new StringBuilder();

	private final List<Map.Entry<String, String>> headers = new ArrayList<>();

	private final List<String> cookies = new ArrayList<>();

	private StringBuilder form;

	private byte[] body = new byte[0];

	TestRequest(Connector connector, String method, String pathAndQuery) {
		this.connector = connector;
		this.method = method;
		int queryStart = pathAndQuery.indexOf('?');
		this.path = (queryStart < 0) ? pathAndQuery : pathAndQuery.substring(0, queryStart);
		if (queryStart >= 0) {
			this.query.append(pathAndQuery, queryStart + 1, pathAndQuery.length());
		}
	}

	/**
	 * Adds a query parameter, percent-encoded.
	 * @param name the parameter's name
	 * @param value its value
	 * @return this request
	 */
	public TestRequest query(String name, String value) {
		this.query.append(this.query.isEmpty() ? "" : "&").append(encode(name)).append('=').append(encode(value));
		return this;
	}

	/**
	 * Adds a request header.
	 * @param name the header's name
	 * @param value its value
	 * @return this request
	 */
	public TestRequest header(String name, String value) {
		this.headers.add(new AbstractMap.SimpleImmutableEntry<>(name, value));
		return this;
	}

	/**
	 * Adds a cookie, sent in one {@code cookie} header with the others.
	 * @param name the cookie's name
	 * @param value its value
	 * @return this request
	 */
	public TestRequest cookie(String name, String value) {
		this.cookies.add(ClientCookieEncoder.STRICT.encode(new DefaultCookie(name, value)));
		return this;
	}

	/**
	 * Sends {@code value} as an {@code application/json} body: a {@code String} as it is,
	 * any other object written by the client's JSON mapper.
	 * @param value the JSON text, or an object to write as JSON
	 * @return this request
	 */
	public TestRequest json(Object value) {
		byte[] json = (value instanceof String text) ? text.getBytes(StandardCharsets.UTF_8)
				: this.connector.jsonMapper().writeValueAsBytes(value);
		return body(json, "application/json");
	}

	/**
	 * Adds a field to an {@code application/x-www-form-urlencoded} body.
	 * @param name the field's name
	 * @param value its value
	 * @return this request
	 */
	public TestRequest formField(String name, String value) {
		if (this.form == null) {
			this.form = new StringBuilder();
		}
		this.form.append(this.form.isEmpty() ? "" : "&").append(encode(name)).append('=').append(encode(value));
		return this;
	}

	/**
	 * Sends text as the body, in UTF-8.
	 * @param text the body
	 * @param contentType its content type, or {@code null} to send none
	 * @return this request
	 */
	public TestRequest body(String text, String contentType) {
		return body(text.getBytes(StandardCharsets.UTF_8), contentType);
	}

	/**
	 * Sends bytes as the body.
	 * @param bytes the body
	 * @param contentType its content type, or {@code null} to send none
	 * @return this request
	 */
	public TestRequest body(byte[] bytes, String contentType) {
		this.body = bytes.clone();
		if (contentType != null) {
			header("content-type", contentType);
		}
		return this;
	}

	/**
	 * Sends the request and waits for its whole answer.
	 * @return the answer
	 */
	public TestResponse exchange() {
		if (this.form != null) {
			body(this.form.toString(), "application/x-www-form-urlencoded");
			this.form = null;
		}
		if (!this.cookies.isEmpty()) {
			header("cookie", String.join("; ", this.cookies));
			this.cookies.clear();
		}
		return this.connector.exchange(this);
	}

	String method() {
		return this.method;
	}

	/** The request target: the path and the query string. */
	String uri() {
		return this.query.isEmpty() ? this.path : this.path + "?" + this.query;
	}

	List<Map.Entry<String, String>> headers() {
		return this.headers;
	}

	byte[] body() {
		return this.body;
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

}
