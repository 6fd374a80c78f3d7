package dev.fastro.test.client;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import dev.fastro.http.Context;
import io.netty.handler.codec.http.cookie.ClientCookieEncoder;
import io.netty.handler.codec.http.cookie.DefaultCookie;

import org.springframework.context.ApplicationContext;

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

	private static final byte[] CRLF = { '\r', '\n' };

	private final Connector connector;

	private final String method;

	private final String path;

	private final StringBuilder query = new StringBuilder();

	private final List<Map.Entry<String, String>> headers = new ArrayList<>();

	private final List<String> cookies = new ArrayList<>();

	/** Form fields and files, in the order they were added. */
	private final List<Part> form = new ArrayList<>();

	private final List<Customizer> customizers;

	private byte[] body = new byte[0];

	TestRequest(Connector connector, List<Customizer> customizers, String method, String target) {
		this.connector = connector;
		this.customizers = new ArrayList<>(customizers);
		this.method = method;
		String pathAndQuery = asSent(target);
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
	 * Adds a field to the form body: {@code application/x-www-form-urlencoded}, or
	 * {@code multipart/form-data} once a {@link #file file} is added.
	 * @param name the field's name
	 * @param value its value
	 * @return this request
	 */
	public TestRequest formField(String name, String value) {
		this.form.add(new Part(name, null, null, value.getBytes(StandardCharsets.UTF_8)));
		return this;
	}

	/**
	 * Adds a file, which makes the form body {@code multipart/form-data}, its fields
	 * included, as a browser sends a form with a file input.
	 * @param name the form field it is sent in
	 * @param filename its file name
	 * @param contentType its content type
	 * @param content its bytes
	 * @return this request
	 */
	public TestRequest file(String name, String filename, String contentType, byte[] content) {
		this.form.add(new Part(name, filename, contentType, content.clone()));
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
	 * Prepares the request in process before its request hooks run, as middleware in
	 * front of them would, such as to run it as a user with
	 * {@code dev.fastro.test.security.SecurityCustomizers}:
	 *
	 * <pre>{@code
	 * client.get("/admin/stats").with(user("ada").roles("ADMIN")).exchange();
	 * }</pre>
	 * @param customizer what to do to the request
	 * @return this request
	 * @throws IllegalStateException when the client calls a server over HTTP, where a
	 * request carries only what a client can send
	 */
	public TestRequest with(Customizer customizer) {
		checkInProcess(this.connector);
		this.customizers.add(customizer);
		return this;
	}

	/**
	 * Sends the request and waits for its whole answer.
	 * @return the answer
	 */
	public TestResponse exchange() {
		if (this.form.stream().anyMatch(Part::isFile)) {
			String boundary = "fastro-" + UUID.randomUUID();
			body(multipart(boundary), "multipart/form-data; boundary=" + boundary);
		}
		else if (!this.form.isEmpty()) {
			body(this.form.stream()
				.map((field) -> encode(field.name()) + "="
						+ encode(new String(field.content(), StandardCharsets.UTF_8)))
				.collect(Collectors.joining("&")), "application/x-www-form-urlencoded");
		}
		this.form.clear();
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

	List<Customizer> customizers() {
		return this.customizers;
	}

	static void checkInProcess(Connector connector) {
		if (!connector.inProcess()) {
			throw new IllegalStateException("Send a real token, in an Authorization header: with(...) prepares "
					+ "requests in process only, and this client calls a server over HTTP");
		}
	}

	/**
	 * The target as a client sends it: characters beyond ASCII percent-encoded as UTF-8,
	 * as browsers and {@link URI#toASCIIString()} do, and the rest as it is, malformed
	 * escapes included, so that a test can send those too.
	 */
	private static String asSent(String target) {
		return target.chars().allMatch((c) -> c < 0x80) ? target : URI.create(target).toASCIIString();
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

	/** The form as a browser sends it with a file input: one part per field or file. */
	private byte[] multipart(String boundary) {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		for (Part part : this.form) {
			StringBuilder head = new StringBuilder("--").append(boundary)
				.append("\r\nContent-Disposition: form-data; name=\"")
				.append(quoted(part.name()))
				.append('"');
			if (part.isFile()) {
				head.append("; filename=\"")
					.append(quoted(part.filename()))
					.append("\"\r\nContent-Type: ")
					.append(part.contentType());
			}
			body.writeBytes(head.append("\r\n\r\n").toString().getBytes(StandardCharsets.UTF_8));
			body.writeBytes(part.content());
			body.writeBytes(CRLF);
		}
		body.writeBytes(("--" + boundary + "--").getBytes(StandardCharsets.US_ASCII));
		body.writeBytes(CRLF);
		return body.toByteArray();
	}

	/** A name in a quoted header parameter, escaped as HTML forms escape it. */
	private static String quoted(String name) {
		return name.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
	}

	/** A form field, or a file when it has a file name. */
	private record Part(String name, String filename, String contentType, byte[] content) {

		boolean isFile() {
			return this.filename != null;
		}

	}

	/**
	 * Prepares a request of an in-process client before its request hooks run, typically
	 * by setting a request attribute that middleware reads, as the security middleware
	 * reads {@code FastroSecurity.AUTHENTICATION}. It runs on the test's thread.
	 */
	@FunctionalInterface
	public interface Customizer {

		/**
		 * Prepares a request.
		 * @param ctx the request as received, not yet routed
		 * @param application the application context the client is bound to, or
		 * {@code null} for a client of routes alone
		 */
		void customize(Context ctx, ApplicationContext application);

	}

}
