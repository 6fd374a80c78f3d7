package dev.fastro.server.internal;

import java.util.ArrayDeque;
import java.util.List;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.compression.CompressionOptions;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpContentCompressor;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;

/**
 * Compresses the answers of Fastro's own HTTP/1.1 exchange by the {@link CompressionRule}
 * the server was given: Netty's encoder, with the choice of coding made by the rule from
 * the whole request and response, where Netty's own reads only the request's
 * {@code Accept-Encoding}. Netty's encoder already leaves alone HTTP/1.0, {@code HEAD},
 * 204 and 304 answers and a body that carries its own {@code Content-Encoding}.
 * <p>
 * One per connection, right before the exchange, so that it sees each request the
 * exchange answers, and each answer, in order.
 */
final class ResponseCompressor extends HttpContentCompressor {

	private final CompressionRule rule;

	// The heads of the requests not yet answered, pipelined ones included.
	private final ArrayDeque<HttpHeaders> requests = new ArrayDeque<>(2);

	private HttpHeaders answering;

	ResponseCompressor(CompressionRule rule) {
		// Every coding Netty can produce: the rule chooses among them.
		super(0, (CompressionOptions[]) null);
		this.rule = rule;
	}

	@Override
	protected void decode(ChannelHandlerContext ctx, HttpRequest request, List<Object> out) throws Exception {
		this.requests.add(request.headers());
		super.decode(ctx, request, out);
	}

	@Override
	protected void encode(ChannelHandlerContext ctx, HttpObject message, List<Object> out) throws Exception {
		if (message instanceof HttpResponse response
				&& response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
			this.answering = this.requests.poll();
		}
		super.encode(ctx, message, out);
	}

	@Override
	protected Result beginEncode(HttpResponse response, String acceptEncoding) throws Exception {
		if (response instanceof HttpContent whole && whole.content().readableBytes() < this.rule.minResponseSize()) {
			return null;
		}
		String coding = this.rule.coding(this.answering, response.headers());
		return (coding != null) ? super.beginEncode(response, coding) : null;
	}

}
