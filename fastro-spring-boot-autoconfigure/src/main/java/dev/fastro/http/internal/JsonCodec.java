package dev.fastro.http.internal;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.fastro.http.HttpException;
import dev.fastro.http.Problem;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads request bodies and writes results as JSON with the application's
 * {@link JsonMapper}, so {@code spring.jackson.*} settings apply. A body that cannot be
 * read is a 400 naming where it went wrong: the line and column of malformed JSON, or the
 * field that does not fit the target type and why.
 */
public final class JsonCodec {

	static final AsciiString PROBLEM_JSON = AsciiString.cached("application/problem+json");

	private final JsonMapper mapper;

	private final BodyValidator validator;

	private final Map<Type, ObjectReader> readers = new ConcurrentHashMap<>();

	/** A codec that does not validate what it reads. */
	public JsonCodec(JsonMapper mapper) {
		this(mapper, null);
	}

	/**
	 * A codec that validates what it reads with {@code validator}, or does not when it is
	 * {@code null}.
	 */
	public JsonCodec(JsonMapper mapper, BodyValidator validator) {
		this.mapper = mapper;
		this.validator = validator;
	}

	public JsonMapper mapper() {
		return this.mapper;
	}

	/**
	 * Jackson's reader for a class or generic type, made once per type: it has resolved
	 * the type and found its deserializer, which reading through the mapper does again
	 * for every request. The types are those the application's handlers name, so the
	 * readers are as many.
	 */
	private ObjectReader reader(Type type) {
		ObjectReader reader = this.readers.get(type);
		return (reader != null) ? reader
				: this.readers.computeIfAbsent(type, (key) -> this.mapper.readerFor(this.mapper.constructType(key)));
	}

	/**
	 * Reads a request body as JSON of {@code type}, validating it when asked to. The
	 * bytes are read as Jackson finds them encoded (UTF-8, 16 or 32) unless
	 * {@code charset} names another encoding, as Spring's JSON converter does.
	 */
	<T> T read(ByteBuf body, Type type, Charset charset) {
		ObjectReader reader = reader(type);
		JavaType javaType = reader.getValueType();
		if (!body.isReadable()) {
			throw HttpException
				.badRequest("Request body is empty; expected JSON for " + javaType.getRawClass().getSimpleName());
		}
		T value;
		try {
			if (charset != null && !isUnicode(charset)) {
				value = reader.readValue(new InputStreamReader(new ByteBufInputStream(body.duplicate()), charset));
			}
			else {
				value = body.hasArray()
						? reader.readValue(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes())
						: reader.readValue((InputStream) new ByteBufInputStream(body.duplicate()));
			}
		}
		catch (StreamReadException ex) {
			throw new HttpException(400, "Malformed JSON" + at(ex.getLocation()) + ": " + ex.getOriginalMessage(), ex);
		}
		catch (InvalidDefinitionException ex) {
			// The type cannot be read as JSON at all: the application's error, not the
			// client's.
			throw ex;
		}
		catch (JacksonException ex) {
			String field = fieldPath(ex);
			throw new HttpException(400,
					"JSON does not fit " + javaType.getRawClass().getSimpleName()
							+ (field.isEmpty() ? "" : " at field '" + field + "'") + ": " + JsonMismatch.reason(ex),
					ex);
		}
		if (value == null) {
			throw HttpException
				.badRequest("Request body is JSON null; expected " + javaType.getRawClass().getSimpleName());
		}
		if (this.validator != null) {
			this.validator.validate(value);
		}
		return value;
	}

	/** Whether Jackson tells {@code charset} from the bytes themselves (RFC 4627, 3). */
	private static boolean isUnicode(Charset charset) {
		String name = charset.name();
		return name.startsWith("UTF-8") || name.startsWith("UTF-16") || name.startsWith("UTF-32");
	}

	/**
	 * Validates a body already read in {@code groups}.
	 * @throws IllegalStateException when this codec has no validator
	 */
	void validate(Object value, Class<?>[] groups) {
		if (this.validator == null) {
			throw new IllegalStateException(
					"No Bean Validation Validator to validate the body with; add spring-boot-starter-validation");
		}
		this.validator.validate(value, groups);
	}

	/**
	 * Writes {@code value} as JSON straight into a pooled buffer, after one separator
	 * byte when {@code prefix >= 0} (as a streamed array needs), and returns the buffer,
	 * owned by the caller: for the items of a stream, each written as a chunk of its own.
	 */
	public ByteBuf write(Object value, ByteBufAllocator alloc, int prefix) {
		ByteBuf buffer = alloc.buffer();
		try {
			if (prefix >= 0) {
				buffer.writeByte(prefix);
			}
			write(value, buffer);
			return buffer;
		}
		catch (RuntimeException ex) {
			buffer.release();
			throw ex;
		}
	}

	/** Writes {@code value} as JSON at the end of {@code buffer}. */
	void write(Object value, ByteBuf buffer) {
		this.mapper.writeValue((OutputStream) new ByteBufOutputStream(buffer), value);
	}

	/**
	 * Writes {@code value} as JSON into a heap buffer, for a whole answer's body. Most
	 * answers are small, and Netty's HTTP/1.1 encoder copies a small body into the buffer
	 * of the headers: a pooled buffer would be taken and given back for nothing.
	 */
	public ByteBuf write(Object value) {
		return Unpooled.wrappedBuffer(this.mapper.writeValueAsBytes(value));
	}

	/**
	 * Writes a problem as {@code application/problem+json}, setting the content type in
	 * {@code headers}; every problem body Fastro writes, whichever layer answers, is
	 * written here.
	 */
	public ByteBuf writeProblem(Problem problem, ByteBufAllocator alloc, HttpHeaders headers) {
		ByteBuf body = write(problem.members(), alloc, -1);
		headers.set(HttpHeaderNames.CONTENT_TYPE, PROBLEM_JSON);
		return body;
	}

	private static String at(TokenStreamLocation location) {
		return (location == null || location.getLineNr() < 0) ? ""
				: " at line " + location.getLineNr() + ", column " + location.getColumnNr();
	}

	private static String fieldPath(JacksonException ex) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : ex.getPath()) {
			if (reference.getPropertyName() != null) {
				path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.toString();
	}

}
