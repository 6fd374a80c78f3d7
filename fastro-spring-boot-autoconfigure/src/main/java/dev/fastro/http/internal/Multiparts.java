package dev.fastro.http.internal;

import java.nio.charset.Charset;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaders;
import reactor.core.scheduler.Scheduler;

/**
 * How a dispatcher's exchanges decode {@code multipart/form-data} bodies.
 *
 * @param settings the limits, the in-memory threshold and the directory of large parts
 * @param offload where a body that may write parts to disk is decoded
 */
record Multiparts(MultipartSettings settings, Scheduler offload) {

	/** The parts of a body streamed to the exchange, as they arrive. */
	PartStream stream(BodyStream body, HttpHeaders headers, Charset charset) {
		MultipartDecoder decoder = new MultipartDecoder(headers, charset, this.settings, false);
		return new PartStream(body, decoder, decoder.fitsInMemory() ? null : this.offload);
	}

	/** The parts of a body received whole, all held in memory. */
	MultipartDecoder.Multipart decode(ByteBuf body, HttpHeaders headers, Charset charset) {
		return MultipartDecoder.decode(body, headers, charset, this.settings);
	}

}
