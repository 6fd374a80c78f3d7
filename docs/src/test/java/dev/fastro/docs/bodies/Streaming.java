package dev.fastro.docs.bodies;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

import dev.fastro.http.Handler;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import reactor.core.publisher.Mono;

/** The samples of "Bodies as they arrive": routes that read a body as it is sent. */
class Streaming {

	// tag::hash[]
	Routes hashes() {
		return Routes.builder()
			// Reactive: a Flux of chunks, each lent for the duration of onNext.
			.post("/hash", Handler.streaming((ctx) -> {
				MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
				return ctx.bodyStream()
					.doOnNext((chunk) -> sha256.update(chunk.nioBuffer()))
					.then(Mono.fromSupplier(() -> HexFormat.of().formatHex(sha256.digest())));
			}))
			.build();
	}
	// end::hash[]

	// tag::store[]
	Routes files(Path directory) {
		return Routes.builder()
			// Blocking: the body as an InputStream, off the event loop, up to 4 GB here.
			.put("/files/{name:[a-z0-9-]+}", Handler.blocking(Handler.streaming(4L << 30, (ctx) -> {
				Path file = directory.resolve(ctx.param("name"));
				try (InputStream body = ctx.bodyInputStream()) {
					long size = Files.copy(body, file, StandardCopyOption.REPLACE_EXISTING);
					return Response.status(201).body(Map.of("name", ctx.param("name"), "size", size));
				}
			})))
			.build();
	}
	// end::store[]

}
