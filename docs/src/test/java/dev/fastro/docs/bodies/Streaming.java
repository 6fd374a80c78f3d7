package dev.fastro.docs.bodies;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.fastro.http.Handler;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.http.Upload;
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

	// tag::parts[]
	Routes videos(Path directory) {
		return Routes.builder()
			// Each part once complete, and the next read only when asked for.
			.post("/videos", Handler.blocking(Handler.streaming((ctx) -> {
				List<String> saved = new ArrayList<>();
				for (Upload part : ctx.parts().toIterable(1)) {
					if (part.filename() != null) {
						Path file = directory.resolve(UUID.randomUUID() + ".mp4");
						part.transferTo(file);
						saved.add(file.getFileName().toString());
					}
				}
				return saved;
			})))
			.build();
	}
	// end::parts[]

}
