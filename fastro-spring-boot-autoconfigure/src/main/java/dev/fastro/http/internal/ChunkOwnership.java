package dev.fastro.http.internal;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * Who releases a chunk of a streamed answer that is dropped instead of written. Reactor
 * hands a dropped element to the discard hook of the context its operator sees, and
 * {@code doOnDiscard} adds a hook to those below it rather than replacing them, so two
 * owners of one stream would each release its chunks. Here every owner replaces the hook
 * for the part of the stream it owns: the {@link ResultWriter} until a transport takes
 * the stream, the transport from then on.
 */
public final class ChunkOwnership {

	private ChunkOwnership() {
	}

	/**
	 * The context of a subscriber that owns the chunks dropped on their way to it: they
	 * are released, once, whatever hook the context held.
	 */
	public static Context releasing(Context context) {
		return Operators.enableOnDiscard(context, ReferenceCountUtil::release);
	}

	/**
	 * The context below a subscriber that releases what it drops before it hands it on,
	 * as Reactor Netty's send does: what reaches the hook has been released already.
	 */
	public static Context releasedAlready(Context context) {
		return Operators.enableOnDiscard(context, (released) -> {
		});
	}

	/** Reads a stream to its end without writing it, releasing each chunk once. */
	public static Mono<Void> drain(Publisher<ByteBuf> chunks) {
		// then() drops every chunk it ignores into the discard hook.
		return Flux.from(chunks).then().contextWrite(ChunkOwnership::releasing);
	}

}
