package dev.fastro.router.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RouterTest {

	/** A GET router whose targets are the patterns themselves. */
	private static Router<String> get(String... patterns) {
		return build(false, patterns);
	}

	private static Router<String> build(boolean ignoreTrailingSlash, String... patterns) {
		Router.Builder<String> builder = Router.<String>builder().ignoreTrailingSlash(ignoreTrailingSlash);
		for (String pattern : patterns) {
			builder.add("GET", pattern, pattern);
		}
		return builder.build();
	}

	private static String target(Router<String> router, String path) {
		RouteMatch<String> match = router.find("GET", path);
		return match == null ? null : match.target();
	}

	@Test
	void matchesStaticRoutesAndRoot() {
		Router<String> router = get("/", "/users", "/users/new");

		assertThat(target(router, "/")).isEqualTo("/");
		assertThat(target(router, "/users")).isEqualTo("/users");
		RouteMatch<String> match = router.find("GET", "/users/new");
		assertThat(match.target()).isEqualTo("/users/new");
		assertThat(match.route()).isEqualTo(new Route<>("GET", "/users/new", "/users/new"));
		assertThat(match.paramCount()).isZero();
		assertThat(target(router, "/users/old")).isNull();
		assertThat(target(router, "/Users")).isNull();
	}

	@Test
	void exposesParametersByNameAndIndex() {
		RouteMatch<String> match = get("/users/:userId/posts/{postId:[0-9]+}").find("GET", "/users/ann/posts/7");

		assertThat(match.paramCount()).isEqualTo(2);
		assertThat(match.paramName(0)).isEqualTo("userId");
		assertThat(match.paramValue(0)).isEqualTo("ann");
		assertThat(match.paramName(1)).isEqualTo("postId");
		assertThat(match.paramValue(1)).isEqualTo("7");
		assertThat(match.param("postId")).isEqualTo("7");
		assertThat(match.param("missing")).isNull();
		assertThat(match).hasToString("GET /users/:userId/posts/{postId:[0-9]+} {userId=ann, postId=7}");
		assertThatThrownBy(() -> match.paramValue(2)).isInstanceOf(IndexOutOfBoundsException.class);
		assertThatThrownBy(() -> match.paramName(-1)).isInstanceOf(IndexOutOfBoundsException.class);
	}

	@Test
	void sizesValuesByRouteNotByLongestRouteOfTheMethod() {
		Router<String> router = get("/a/:x/:y/:z", "/b/:x");

		RouteMatch<String> match = router.find("GET", "/b/1");
		assertThat(match.paramCount()).isEqualTo(1);
		assertThatThrownBy(() -> match.paramValue(1)).isInstanceOf(IndexOutOfBoundsException.class);
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(delimiter = '|', textBlock = """
			/u/new    | /u/new
			/u/42     | /u/{id:[0-9]+}
			/u/bob    | /u/:name
			/u/a/b    | /u/*
			/u/       | /u/*
			/u/new/x  | /u/*
			""")
	void prefersStaticThenRegexThenParamThenCatchAll(String path, String expected) {
		Router<String> router = get("/u/*", "/u/:name", "/u/{id:[0-9]+}", "/u/new");

		assertThat(target(router, path)).isEqualTo(expected);
	}

	@Test
	void triesRegexParametersInRegistrationOrder() {
		assertThat(target(get("/r/{a:[a-z]+}", "/r/{b:[a-c]+}"), "/r/abc")).isEqualTo("/r/{a:[a-z]+}");
		assertThat(target(get("/r/{b:[a-c]+}", "/r/{a:[a-z]+}"), "/r/abc")).isEqualTo("/r/{b:[a-c]+}");
		assertThat(target(get("/r/{b:[a-c]+}", "/r/{a:[a-z]+}"), "/r/xyz")).isEqualTo("/r/{a:[a-z]+}");
	}

	@Test
	void backtracksFromStaticToParameter() {
		Router<String> router = get("/users/new", "/users/:id/edit");

		assertThat(target(router, "/users/new")).isEqualTo("/users/new");
		assertThat(router.find("GET", "/users/42/edit").param("id")).isEqualTo("42");
		assertThat(router.find("GET", "/users/new/edit").param("id")).isEqualTo("new");
	}

	@Test
	void backtracksSeveralLevels() {
		Router<String> router = get("/a/b/:y/e", "/a/:x/c/d", "/n/{id:[0-9]+}/x", "/n/:name/y", "/f/:a/x", "/f/*");

		RouteMatch<String> deep = router.find("GET", "/a/b/c/d");
		assertThat(deep.target()).isEqualTo("/a/:x/c/d");
		assertThat(deep.param("x")).isEqualTo("b");
		assertThat(router.find("GET", "/a/b/c/e").param("y")).isEqualTo("c");
		assertThat(router.find("GET", "/n/42/x").param("id")).isEqualTo("42");
		assertThat(router.find("GET", "/n/42/y").param("name")).isEqualTo("42");
		assertThat(router.find("GET", "/f/1/x").param("a")).isEqualTo("1");
		assertThat(router.find("GET", "/f/1/y").param("*")).isEqualTo("1/y");
	}

	@Test
	void keepsParameterNamesPerRoute() {
		Router<String> router = get("/users/:id/posts", "/users/:userId/friends", "/users/{n:[0-9]+}/a",
				"/users/{m:[0-9]+}/b");

		assertThat(router.find("GET", "/users/7/posts").param("id")).isEqualTo("7");
		RouteMatch<String> friends = router.find("GET", "/users/7/friends");
		assertThat(friends.param("userId")).isEqualTo("7");
		assertThat(friends.param("id")).isNull();
		assertThat(router.find("GET", "/users/7/a").param("n")).isEqualTo("7");
		assertThat(router.find("GET", "/users/7/b").param("m")).isEqualTo("7");
	}

	@Test
	void keepsMethodsApart() {
		Router<String> router = Router.<String>builder()
			.add("GET", "/a/:x", "get")
			.add("POST", "/a/new", "post")
			.add("PURGE", "/a/:y/z", "purge")
			.build();

		assertThat(router.find("GET", "/a/new").param("x")).isEqualTo("new");
		assertThat(router.find("POST", "/a/new").target()).isEqualTo("post");
		assertThat(router.find("POST", "/a/old")).isNull();
		assertThat(router.find("PURGE", "/a/1/z").param("y")).isEqualTo("1");
		assertThat(router.find("PURGE", "/a/1")).isNull();
		assertThat(router.find("DELETE", "/a/new")).isNull();
		assertThat(router.find("get", "/a/new")).isNull();
		assertThat(router.find("HEAD", "/a/new")).isNull();
	}

	@Test
	void neverMatchesAParameterWithAnEmptySegment() {
		Router<String> router = get("/user/:id", "/user/:id/x", "/r/{v:.*}");

		assertThat(target(router, "/user/")).isNull();
		assertThat(target(router, "/user//x")).isNull();
		assertThat(target(router, "/r/")).isNull();
		assertThat(target(router, "/user/1/x")).isEqualTo("/user/:id/x");
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "*", "users/1", "?a=1" })
	void answersNullForPathsNotStartingWithSlash(String path) {
		Router<String> router = get("/*", "/:x", "/");

		assertThat(router.find("GET", path)).isNull();
		assertThat(router.allowedMethods(path)).isEmpty();
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(delimiter = '|', textBlock = """
			/p/caf%C3%A9           | café
			/p/caf%c3%a9           | café
			/p/%F0%9F%98%80        | 😀
			/p/a%2Fb               | a/b
			/p/a+b                 | a+b
			/p/%2B%20              | '+ '
			/p/100%25              | 100%
			/p/plain               | plain
			""")
	void decodesParameterValuesOnceAsUtf8(String path, String value) {
		assertThat(get("/p/:v").find("GET", path).param("v")).isEqualTo(value);
	}

	@Test
	void decodesOnlyOnce() {
		assertThat(get("/p/:v").find("GET", "/p/%2541").param("v")).isEqualTo("%41");
	}

	@Test
	void splitsSegmentsOnRawSlashesOnly() {
		Router<String> router = get("/x/:p/c", "/x/:p/:q/c");

		RouteMatch<String> match = router.find("GET", "/x/a%2Fb/c");
		assertThat(match.target()).isEqualTo("/x/:p/c");
		assertThat(match.param("p")).isEqualTo("a/b");
	}

	@Test
	void comparesStaticSegmentsWithTheRawPath() {
		Router<String> router = get("/caf%C3%A9", "/s/a", "/s/:v");

		assertThat(target(router, "/caf%C3%A9")).isEqualTo("/caf%C3%A9");
		assertThat(target(router, "/café")).isNull();
		assertThat(router.find("GET", "/s/%61").param("v")).isEqualTo("a");
	}

	@Test
	void matchesAUnicodePatternByThePathAsClientsEncodeIt() {
		Router<String> router = get("/café", "/城市/:id", "/城市/all", "/ü/*");

		assertThat(target(router, "/caf%C3%A9")).isEqualTo("/café");
		assertThat(target(router, "/%E5%9F%8E%E5%B8%82/all")).isEqualTo("/城市/all");
		RouteMatch<String> city = router.find("GET", "/%E5%9F%8E%E5%B8%82/%E5%8C%97%E4%BA%AC");
		assertThat(city.target()).isEqualTo("/城市/:id");
		assertThat(city.param("id")).isEqualTo("北京");
		assertThat(router.find("GET", "/%C3%BC/a/b").param("*")).isEqualTo("a/b");
		assertThat(router.allowedMethods("/%E5%9F%8E%E5%B8%82/1")).containsExactly("GET");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/café", "/caf%c3%a9", "/cafe%CC%81", "/caf%C3%A9/" })
	void matchesAUnicodePatternByNoOtherSpelling(String path) {
		assertThat(target(get("/café"), path)).isNull();
	}

	@Test
	void matchesAUnicodePatternIgnoringATrailingSlash() {
		Router<String> router = build(true, "/café/", "/城市/:id");

		assertThat(target(router, "/caf%C3%A9")).isEqualTo("/café/");
		assertThat(target(router, "/caf%C3%A9/")).isEqualTo("/café/");
		assertThat(target(router, "/%E5%9F%8E%E5%B8%82/7/")).isEqualTo("/城市/:id");
	}

	@Test
	void testsRegexAgainstTheDecodedValue() {
		Router<String> router = get("/e/{word:[a-zé]+}");

		assertThat(router.find("GET", "/e/caf%C3%A9").param("word")).isEqualTo("café");
		assertThat(target(router, "/e/caf%C3")).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "%zz", "%4", "%", "a%C3", "%C0%AF", "%E0%80%AF", "%ED%A0%80", "%F4%90%80%80",
			"%F8%88%80%80%80", "%80", "%C3%28", "%C3%", "%E2%82", "%E2%82%2", "%\u0663\u0663" })
	void rejectsMalformedParameterValues(String value) {
		Router<String> router = get("/p/:v", "/c/*");

		assertThatThrownBy(() -> router.find("GET", "/p/" + value)).isInstanceOf(MalformedPathException.class)
			.hasMessage("Malformed percent-encoding in path segment '" + value + "'");
		assertThatThrownBy(() -> router.find("GET", "/c/x/" + value)).isInstanceOf(MalformedPathException.class)
			.hasMessage("Malformed percent-encoding in path segment 'x/" + value + "'");
	}

	@Test
	void letsAnUndecodableValueFallFromRegexToPlainParameter() {
		Router<String> regexOnly = get("/p/{v:.+}");
		Router<String> withPlain = get("/p/{v:.+}", "/p/:w");

		assertThat(regexOnly.find("GET", "/p/%zz")).isNull();
		assertThat(regexOnly.allowedMethods("/p/%zz")).isEmpty();
		assertThatThrownBy(() -> withPlain.find("GET", "/p/%zz")).isInstanceOf(MalformedPathException.class);
		assertThat(withPlain.allowedMethods("/p/%zz")).containsExactly("GET");
	}

	@Test
	void decodesNothingOnABranchThatFails() {
		assertThat(get("/p/:v/x").find("GET", "/p/%zz/y")).isNull();
	}

	@Test
	void matchesCatchAllsWithRestOfPath() {
		Router<String> router = get("/files/*", "/named/{*path}", "/*");

		assertThat(router.find("GET", "/files/a").param("*")).isEqualTo("a");
		assertThat(router.find("GET", "/files/a/b/c").param("*")).isEqualTo("a/b/c");
		assertThat(router.find("GET", "/files/").param("*")).isEmpty();
		assertThat(router.find("GET", "/files/a%20b/c%2Fd").param("*")).isEqualTo("a b/c/d");
		assertThat(router.find("GET", "/files").param("*")).isEqualTo("files");
		assertThat(router.find("GET", "/named/x/").param("path")).isEqualTo("x/");
		assertThat(router.find("GET", "/").param("*")).isEmpty();
		assertThat(get("/files/*").find("GET", "/files")).isNull();
	}

	@Test
	void treatsTrailingSlashesStrictlyByDefault() {
		Router<String> router = get("/x", "/y/", "/d/:id", "/e/:id/");

		assertThat(target(router, "/x")).isEqualTo("/x");
		assertThat(target(router, "/x/")).isNull();
		assertThat(target(router, "/y/")).isEqualTo("/y/");
		assertThat(target(router, "/y")).isNull();
		assertThat(target(router, "/d/1")).isEqualTo("/d/:id");
		assertThat(target(router, "/d/1/")).isNull();
		assertThat(target(router, "/e/1/")).isEqualTo("/e/:id/");
		assertThat(target(router, "/e/1")).isNull();
	}

	@Test
	void ignoresOneTrailingSlashWhenAsked() {
		Router<String> router = build(true, "/", "/x", "/y/", "/d/:id", "/e/:id/");

		assertThat(target(router, "/")).isEqualTo("/");
		assertThat(target(router, "//")).isEqualTo("/");
		assertThat(target(router, "/x")).isEqualTo("/x");
		assertThat(target(router, "/x/")).isEqualTo("/x");
		assertThat(target(router, "/x//")).isNull();
		assertThat(target(router, "/y")).isEqualTo("/y/");
		assertThat(target(router, "/y/")).isEqualTo("/y/");
		assertThat(router.find("GET", "/d/1/").param("id")).isEqualTo("1");
		assertThat(router.find("GET", "/e/1").param("id")).isEqualTo("1");
		assertThat(target(router, "/d/1//")).isNull();
	}

	@Test
	void treatsEmptySegmentsOfStaticPatternsLikeTheTreeWhenIgnoringTrailingSlashes() {
		Router<String> router = build(true, "/", "///", "/:a//");

		assertThat(target(router, "//")).isEqualTo("/");
		assertThat(target(router, "///")).isEqualTo("///");
		assertThat(target(router, "/a/")).isNull();
		assertThat(target(router, "/a//")).isEqualTo("/:a//");
		assertThat(target(router, "/a///")).isNull();
	}

	@Test
	void letsCatchAllsMatchTheBarePrefixWhenIgnoringTrailingSlashes() {
		Router<String> router = build(true, "/files/*", "/static", "/static/*");

		assertThat(router.find("GET", "/files").param("*")).isEmpty();
		assertThat(router.find("GET", "/files/").param("*")).isEmpty();
		assertThat(router.find("GET", "/files/a/").param("*")).isEqualTo("a");
		assertThat(router.find("GET", "/files/a/b").param("*")).isEqualTo("a/b");
		assertThat(target(router, "/static")).isEqualTo("/static");
		assertThat(target(router, "/static/")).isEqualTo("/static");
		assertThat(router.find("GET", "/static/a").param("*")).isEqualTo("a");
	}

	@Test
	void listsAllowedMethodsSorted() {
		Router<String> router = Router.<String>builder()
			.add("POST", "/a/:x", "post")
			.add("GET", "/a/{x:[0-9]+}", "get")
			.add("PUT", "/a/b", "put")
			.add("DELETE", "/z", "delete")
			.add("OPTIONS", "/*", "options")
			.build();

		assertThat(router.allowedMethods("/a/1")).containsExactly("GET", "OPTIONS", "POST");
		assertThat(router.allowedMethods("/a/b")).containsExactly("OPTIONS", "POST", "PUT");
		assertThat(router.allowedMethods("/z")).containsExactly("DELETE", "OPTIONS");
		assertThat(router.allowedMethods("/a/%zz")).containsExactly("OPTIONS", "POST");
		assertThat(router.allowedMethods("nothing")).isEmpty();
		Set<String> allowed = router.allowedMethods("/z");
		assertThatThrownBy(() -> allowed.add("GET")).isInstanceOf(UnsupportedOperationException.class);
	}

	@Test
	void listsRoutesInRegistrationOrder() {
		Router<String> router = Router.<String>builder()
			.add("POST", "/b/:x", "1")
			.add("GET", "/a", "2")
			.add("POST", "/a", "3")
			.build();

		assertThat(router.routes()).containsExactly(new Route<>("POST", "/b/:x", "1"), new Route<>("GET", "/a", "2"),
				new Route<>("POST", "/a", "3"));
		assertThatThrownBy(() -> router.routes().clear()).isInstanceOf(UnsupportedOperationException.class);
	}

	@ParameterizedTest(name = "{0} vs {1}")
	@CsvSource(delimiter = '|', textBlock = """
			/a/:x                | /a/{y}
			/a/{x:[0-9]+}        | /a/{y:[0-9]+}
			/f/*                 | /f/{*rest}
			/s                   | /s
			/                    | /
			/u/:id/p/{n:\\d+}/*  | /u/{uid}/p/{m:\\d+}/{*r}
			/café                | /caf%C3%A9
			/城市/:id              | /%E5%9F%8E%E5%B8%82/{n}
			""")
	void rejectsRoutesMatchingTheSamePaths(String first, String second) {
		Router.Builder<String> builder = Router.<String>builder().add("GET", first, "1").add("GET", second, "2");

		assertThatThrownBy(builder::build).isInstanceOf(RouteConflictException.class)
			.hasMessage("Route conflict for GET: '" + first + "' and '" + second + "' match the same paths");
	}

	@Test
	void rejectsRoutesDifferingByTrailingSlashOnlyWhenIgnoringIt() {
		assertThatThrownBy(() -> build(true, "/x", "/x/")).isInstanceOf(RouteConflictException.class)
			.hasMessageContaining("'/x' and '/x/'");
		assertThatThrownBy(() -> build(true, "/d/:id/", "/d/:id")).isInstanceOf(RouteConflictException.class)
			.hasMessageContaining("'/d/:id/' and '/d/:id'");
		assertThatThrownBy(() -> build(true, "/", "//")).isInstanceOf(RouteConflictException.class)
			.hasMessageContaining("'/' and '//'");
		assertThat(target(get("/x", "/x/"), "/x/")).isEqualTo("/x/");
		assertThat(target(get("/d/:id/", "/d/:id"), "/d/1")).isEqualTo("/d/:id");
	}

	@Test
	void allowsOverlappingRoutesThatDifferInStructureOrMethod() {
		Router<String> router = Router.<String>builder()
			.add("GET", "/a/{x:[0-9]+}", "digits")
			.add("GET", "/a/{x:[0-9]*}", "other regex")
			.add("GET", "/a/:x", "plain")
			.add("GET", "/a/*", "catch-all")
			.add("POST", "/a/:x", "post")
			.add("GET", "/", "root")
			.add("GET", "/*", "root catch-all")
			.build();

		assertThat(router.find("GET", "/a/1").target()).isEqualTo("digits");
		assertThat(router.find("POST", "/a/1").target()).isEqualTo("post");
		assertThat(router.find("GET", "/").target()).isEqualTo("root");
		assertThat(router.find("GET", "/b").target()).isEqualTo("root catch-all");
	}

	@Test
	void buildsIndependentRoutersFromOneBuilder() {
		Router.Builder<String> builder = Router.<String>builder().add("GET", "/a", "a");
		Router<String> first = builder.build();
		Router<String> second = builder.add("GET", "/b/:x", "b").build();

		assertThat(first.find("GET", "/b/1")).isNull();
		assertThat(second.find("GET", "/b/1").target()).isEqualTo("b");
		assertThat(first.routes()).hasSize(1);
	}

	@Test
	void handlesManyStaticChildrenOfOneNode() {
		Router.Builder<String> builder = Router.builder();
		for (int i = 0; i < 200; i++) {
			builder.add("GET", "/:tenant/r" + i, "r" + i);
		}
		Router<String> router = builder.build();

		for (int i = 0; i < 200; i++) {
			assertThat(router.find("GET", "/t/r" + i).target()).isEqualTo("r" + i);
		}
		assertThat(router.find("GET", "/t/r200")).isNull();
		assertThat(router.find("GET", "/t/")).isNull();
	}

}
