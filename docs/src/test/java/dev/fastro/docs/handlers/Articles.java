package dev.fastro.docs.handlers;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fastro.http.Response;
import dev.fastro.http.Routes;

class Articles {

	record Article(String title, String text) {
	}

	/**
	 * An in-memory store that versions each article and counts the loads a 304 spares.
	 */
	static class ArticleStore {

		final Map<String, Article> articles = new ConcurrentHashMap<>(Map.of("1", new Article("Hello", "First")));

		final Map<String, Integer> versions = new ConcurrentHashMap<>(Map.of("1", 1));

		final AtomicInteger loads = new AtomicInteger();

		String version(String id) {
			return "v" + this.versions.getOrDefault(id, 0);
		}

		Article load(String id) {
			this.loads.incrementAndGet();
			return this.articles.get(id);
		}

		Article save(String id, Article article) {
			this.articles.put(id, article);
			this.versions.merge(id, 1, Integer::sum);
			return article;
		}

	}

	// tag::conditional[]
	static Routes articleRoutes(ArticleStore articles) {
		return Routes.builder().get("/articles/{id}", (ctx) -> {
			String version = articles.version(ctx.param("id"));
			// 304 when the client's copy is current: the article is not loaded
			return ctx.checkNotModified(version)
				.orElseGet(() -> Response.ok(articles.load(ctx.param("id"))).etag(version));
		}).put("/articles/{id}", (ctx) -> {
			String id = ctx.param("id");
			// 412 when the client's If-Match names another version: nothing is saved
			return ctx.checkNotModified(articles.version(id))
				.orElseGet(() -> Response.ok(articles.save(id, ctx.body(Article.class))).etag(articles.version(id)));
		}).build();
	}
	// end::conditional[]

}
