package dev.fastro.server.internal;

import dev.fastro.http.Problem;
import dev.fastro.http.internal.JsonCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;

/**
 * Where every refusal of the connection's guards becomes an answer: a request that failed
 * to decode or broke a rule, and one that never got as far as a head. Each gets its
 * status and a problem body naming what was wrong. (A request refused once its head has
 * been read, such as one whose body is too large, is answered by the dispatcher instead,
 * so that middleware sees it.)
 */
final class Refusals {

	private final ServerOptions options;

	private final JsonCodec json;

	Refusals(ServerOptions options, JsonCodec json) {
		this.options = options;
		this.json = json;
	}

	/**
	 * The answer to a request that failed to decode, which closes the connection.
	 * @param cause the failure the decoder or a guard marked the request with
	 */
	FullHttpResponse refuse(Throwable cause, ByteBufAllocator alloc) {
		FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_REQUEST);
		response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
		return answer(response, cause, alloc);
	}

	/**
	 * The same answer, written empty by Reactor Netty's exchange to a request that failed
	 * to decode, with the status and problem body of its failure.
	 */
	FullHttpResponse answer(FullHttpResponse written, Throwable cause, ByteBufAllocator alloc) {
		written.setStatus(status(cause, written.status()));
		return withProblem(written, detail(cause), this.json, alloc);
	}

	/**
	 * The answer to a request that never got as far as a head, which closes the
	 * connection.
	 */
	FullHttpResponse reject(HttpResponseStatus status, String detail, ByteBufAllocator alloc) {
		FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status);
		response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
		return withProblem(response, detail, this.json, alloc);
	}

	/**
	 * The status of the answer to a request that failed to decode: a refusal's own, and
	 * for a request line or headers too long the one Reactor Netty answers too.
	 */
	private static HttpResponseStatus status(Throwable failure, HttpResponseStatus written) {
		if (failure instanceof RequestChecks.Refusal refusal) {
			return refusal.status();
		}
		if (failure instanceof TooLongHttpLineException) {
			return HttpResponseStatus.REQUEST_URI_TOO_LONG;
		}
		if (failure instanceof TooLongHttpHeaderException) {
			return HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
		}
		return written;
	}

	private String detail(Throwable failure) {
		if (failure instanceof RequestChecks.Refusal) {
			return failure.getMessage();
		}
		if (failure instanceof TooLongHttpLineException) {
			return "The request line is longer than " + this.options.maxInitialLineLength() + " bytes";
		}
		if (failure instanceof TooLongHttpHeaderException) {
			return "The request headers are larger than " + this.options.maxHeaderSize() + " bytes";
		}
		if (failure instanceof TooLongFrameException) {
			return "A part of the request is longer than allowed";
		}
		return "Malformed HTTP request: "
				+ ((failure.getMessage() != null) ? failure.getMessage() : failure.getClass().getSimpleName());
	}

	/**
	 * The same response with a problem body naming what was wrong, and a {@code Date}.
	 */
	static FullHttpResponse withProblem(FullHttpResponse response, String detail, JsonCodec json,
			ByteBufAllocator alloc) {
		Problem problem = Problem.of(response.status().code(), detail, null);
		ByteBuf body = json.writeProblem(problem, alloc, response.headers());
		FullHttpResponse replaced = response.replace(body);
		response.release();
		replaced.headers()
			.setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
			.set(HttpHeaderNames.DATE, DateHeader.now());
		return replaced;
	}

}
