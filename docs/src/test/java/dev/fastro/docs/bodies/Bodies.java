package dev.fastro.docs.bodies;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import dev.fastro.http.Upload;
import tools.jackson.core.type.TypeReference;

/** The samples of "Request bodies, forms and uploads": routes that read a body whole. */
class Bodies {

	// tag::json[]
	record Item(String sku, int quantity) {
	}

	Routes items() {
		return Routes.builder()
			.post("/items", (ctx) -> Response.status(201).body(ctx.body(Item.class)))
			.post("/items/batch", (ctx) -> {
				List<Item> items = ctx.body(new TypeReference<List<Item>>() {
				});
				return "Received " + items.size() + " items";
			})
			.build();
	}
	// end::json[]

	// tag::text[]
	Routes notes() {
		return Routes.builder()
			.put("/notes/{id}", (ctx) -> "Saved " + ctx.bodyString().length() + " characters")
			.put("/blobs/{id}", (ctx) -> "Saved " + ctx.bodyBytes().length + " bytes")
			.build();
	}
	// end::text[]

	// tag::form[]
	Routes newsletter() {
		return Routes.builder().post("/subscriptions", (ctx) -> {
			String email = ctx.formParam("email");
			List<String> topics = ctx.form().getOrDefault("topic", List.of());
			return "Subscribed " + email + " to " + topics;
		}).build();
	}
	// end::form[]

	// tag::upload[]
	record Saved(String file, long size, String caption) {
	}

	Routes avatars(Path directory) {
		return Routes.builder()
			// transferTo writes to disk: run the handler off the event loop.
			.post("/avatars", Handler.blocking((ctx) -> {
				Upload avatar = ctx.upload("avatar");
				if (avatar == null) {
					throw HttpException.badRequest("No file in the field 'avatar'");
				}
				// The client's file name is not a path to trust: name the file yourself.
				Path file = directory.resolve(UUID.randomUUID() + ".png");
				avatar.transferTo(file);
				return new Saved(file.getFileName().toString(), avatar.size(), ctx.formParam("caption"));
			}))
			.post("/albums", (ctx) -> ctx.uploads("photos").stream().map(Upload::filename).toList())
			.build();
	}
	// end::upload[]

}
