package dev.fastro.perf.jmh;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.fastro.http.Context;
import dev.fastro.http.Routes;
import dev.fastro.http.spi.RequestPipeline;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * A handler reading a url-encoded form with {@link Context#form()}: 1,000 fields in 1 MB,
 * the most a server accepts with the default limits ({@code max-body-size} 1MB,
 * {@code max-parameters} 1000). The text has no {@code '%'} nor {@code '+'}, the worst
 * case for a decoder whose scans run to the end of the body rather than of the field. The
 * request goes through a {@link RequestPipeline} of one route, whose handler decodes it:
 * that measures what a request pays, body to decoded map, and needs no decoder internals
 * made public; routing it and answering {@code 204} cost next to nothing beside a
 * megabyte of form. Run by hand (see perf/README.md); never by {@code mvn verify}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FormBenchmark {

	/** How many fields the form has. */
	public static final int FIELDS = 1_000;

	/** About how long the form is, in bytes: just under the default 1MB body limit. */
	public static final int LENGTH = 1 << 20;

	private final HttpHeaders headers = new DefaultHttpHeaders().set(HttpHeaderNames.CONTENT_TYPE,
			"application/x-www-form-urlencoded");

	private final RequestPipeline pipeline = RequestPipeline.of(JsonMapper.builder().build(),
			List.of(Routes.builder().post("/form", this::readForm).build()));

	private ByteBuf body;

	/** The fields the handler of the last request decoded. */
	private Map<String, List<String>> fields;

	/**
	 * Builds the form and checks that it decodes as expected, so a broken decoder can
	 * never produce a fast number.
	 */
	@Setup
	public void setUp() {
		this.body = Unpooled.wrappedBuffer(form().getBytes(StandardCharsets.US_ASCII));
		Map<String, List<String>> fields = decode();
		if (fields.size() != FIELDS || !fields.get(name(FIELDS - 1)).get(0).equals(value(FIELDS - 1))) {
			throw new IllegalStateException("The form decoded into " + fields.size() + " fields");
		}
	}

	/**
	 * Decodes the form of a new request, as {@link Context#form()} parses once per
	 * request.
	 * @return the fields, which JMH consumes
	 */
	@Benchmark
	public Map<String, List<String>> decode() {
		this.fields = null;
		Mono.from(this.pipeline.dispatch(DiscardingTransport.INSTANCE, null, "POST", "/form", this.headers,
				new DefaultHttpHeaders(), this.body))
			.block();
		return this.fields;
	}

	private Object readForm(Context ctx) {
		this.fields = ctx.form();
		return null;
	}

	/**
	 * The form: field {@code i} is {@link #name(int)}={@link #value(int)}, the values
	 * padding it to {@link #LENGTH} bytes.
	 * @return the encoded form
	 */
	static String form() {
		StringBuilder form = new StringBuilder(LENGTH);
		for (int i = 0; i < FIELDS; i++) {
			form.append((i == 0) ? "" : "&").append(name(i)).append('=').append(value(i));
		}
		return form.toString();
	}

	static String name(int i) {
		return "field" + i;
	}

	/** Letters and digits only, so that nothing in the form needs decoding. */
	static String value(int i) {
		int length = LENGTH / FIELDS - name(i).length() - 2;
		return Character.toString('a' + i % 26).repeat(length);
	}

}
