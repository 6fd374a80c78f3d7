package dev.fastro.router.internal;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Routes that both match some path, each pair with such a path and the route the router
 * answers for it.
 */
class RouteOverlapsTest {

	@Test
	void findsEveryPairThatSharesAPathWithTheRouteThatWinsIt() {
		Router<String> router = Router.<String>builder()
			.add("GET", "/items/{id:\\d+}", "digits")
			.add("GET", "/items/{code:[0-9a-f]+}", "hex")
			.add("GET", "/codes/{code:[0-9a-f]+}", "wide")
			.add("GET", "/codes/{id:\\d+}", "narrow")
			.add("GET", "/users/{name}", "name")
			.add("GET", "/users/{id:\\d+}", "id")
			.add("GET", "/files/{name}", "file")
			.add("GET", "/files/{*path}", "files")
			.add("GET", "/docs/{*path}", "docs")
			.add("GET", "/docs/api/{*rest}", "api")
			.add("GET", "/accounts/me", "me")
			.add("GET", "/accounts/{id}", "account")
			.add("GET", "/tags/{tag:[a-z]{2}}", "tag")
			.add("GET", "/tags/me", "mine")
			.add("GET", "/names/{name:[a z]+}", "spaced")
			.add("GET", "/names/{name:[a-z ]+ [a-z]+}", "two words")
			.add("POST", "/users/{id:\\d+}", "create")
			.add("POST", "/orders", "order")
			.build();

		assertThat(RouteOverlaps.of(router)).map(RouteOverlapsTest::describe)
			.containsExactly("digits | hex | /items/0 | digits | - | parameters",
					"wide | narrow | /codes/0 | wide | narrow | parameters",
					"name | id | /users/0 | id | - | parameters", "file | files | /files/0 | file | - | parameters",
					"docs | api | /docs/api/ | api | - | parameters", "me | account | /accounts/me | me | - | static",
					"tag | mine | /tags/me | mine | - | static",
					"spaced | two words | /names/%20%20a | spaced | - | parameters");
	}

	@Test
	void aCatchAllTakesThePathOfItsPrefixOnlyWhenTrailingSlashesAreIgnored() {
		List<Route<String>> routes = List.of(new Route<>("GET", "/shop", "shop"),
				new Route<>("GET", "/shop/{*path}", "pages"));

		assertThat(RouteOverlaps.of(router(routes, false))).isEmpty();
		assertThat(RouteOverlaps.of(router(routes, true))).map(RouteOverlapsTest::describe)
			.containsExactly("shop | pages | /shop | shop | - | parameters");
	}

	@Test
	void aTrailingSlashPartsRoutesOnlyWhenItCounts() {
		List<Route<String>> routes = List.of(new Route<>("GET", "/a/{x}/", "slash"),
				new Route<>("GET", "/a/{*rest}", "rest"));

		assertThat(RouteOverlaps.of(router(routes, false))).map(RouteOverlapsTest::describe)
			.containsExactly("slash | rest | /a/0/ | slash | - | parameters");
		assertThat(RouteOverlaps.of(router(routes, true))).map(RouteOverlapsTest::describe)
			.containsExactly("slash | rest | /a/0 | slash | - | parameters");
	}

	@Test
	void aRegexOfUnknownLanguageOverlapsWhereAProbeFitsBothElseMayOverlap() {
		Router<String> router = Router.<String>builder()
			.add("GET", "/x/{a:(?i)abc}", "case-blind")
			.add("GET", "/x/{b:(?=x)\\w+}", "look-ahead")
			.add("GET", "/x/{c}", "any")
			.build();

		assertThat(RouteOverlaps.of(router)).map(RouteOverlapsTest::describe)
			.containsExactly("case-blind | look-ahead | ? | - | - | parameters",
					"case-blind | any | /x/abc | case-blind | - | parameters",
					"look-ahead | any | /x/x | look-ahead | - | parameters");
	}

	@Test
	void theRouterSaysWhichWinsWhenAThirdRouteRegisteredTheRegexesFirst() {
		// At /r/{..}, [0-9]+ was registered before [0-9a-f]+ by the first route, so it
		// wins for the later pair too, though "hex" was registered before "digits".
		Router<String> router = Router.<String>builder()
			.add("GET", "/r/{n:[0-9]+}/x", "first")
			.add("GET", "/r/{h:[0-9a-f]+}/{*rest}", "hex")
			.add("GET", "/r/{n:[0-9]+}/{*rest}", "digits")
			.build();

		assertThat(RouteOverlaps.of(router)).map(RouteOverlapsTest::describe)
			.contains("hex | digits | /r/0/ | digits | - | parameters");
	}

	@Test
	void routesOfDifferentMethodsOrDisjointPathsDoNotOverlap() {
		Router<String> router = Router.<String>builder()
			.add("GET", "/users/{id:\\d+}", "id")
			.add("GET", "/users/{name:[a-z]+}", "name")
			.add("GET", "/users/me-too", "static")
			.add("POST", "/users/{any}", "create")
			.add("GET", "/users/{id:\\d+}/orders", "orders")
			.add("GET", "/", "root")
			.add("GET", "/{page}", "page")
			.build();

		assertThat(RouteOverlaps.of(router)).isEmpty();
	}

	private static Router<String> router(List<Route<String>> routes, boolean ignoreTrailingSlash) {
		Router.Builder<String> builder = Router.<String>builder().ignoreTrailingSlash(ignoreTrailingSlash);
		routes.forEach((route) -> builder.add(route.method(), route.pattern(), route.target()));
		return builder.build();
	}

	private static String describe(RouteOverlap<String> overlap) {
		return String.join(" | ", overlap.first().target(), overlap.second().target(),
				(overlap.example() != null) ? overlap.example() : "?",
				(overlap.winner() != null) ? overlap.winner().target() : "-",
				(overlap.unreachable() != null) ? overlap.unreachable().target() : "-",
				overlap.staticWins() ? "static" : "parameters");
	}

}
