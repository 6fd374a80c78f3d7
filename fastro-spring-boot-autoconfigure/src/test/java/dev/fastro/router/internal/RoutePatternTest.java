package dev.fastro.router.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RoutePatternTest {

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource(delimiter = '|',
			textBlock = """
					''                | 0  | must start with '/'
					a/b               | 0  | must start with '/'
					/a/{              | 3  | unclosed '{'
					/a/{id            | 3  | unclosed '{'
					/a/{x:a{2}        | 3  | unclosed '{'
					/a/{}             | 4  | empty parameter name
					/a/:              | 4  | empty parameter name
					/a/:/b            | 4  | empty parameter name
					/a/{:[0-9]+}      | 4  | empty parameter name
					/a/{*}            | 5  | empty parameter name
					/a/{1d}           | 4  | invalid character '1' in parameter name
					/a/:id-x          | 6  | invalid character '-' in parameter name
					/a/{i d}          | 5  | invalid character ' ' in parameter name
					/a/{*re.st}       | 7  | invalid character '.' in parameter name
					/a/x{y}           | 4  | a parameter must span the whole segment
					/v{version}       | 2  | a parameter must span the whole segment
					/a/b:c            | 4  | a parameter must span the whole segment
					/a/{x}y           | 6  | a parameter must span the whole segment
					/a/{x}}           | 6  | a parameter must span the whole segment
					/a/*x             | 3  | a catch-all '*' must span the whole segment
					/a/x*             | 4  | a catch-all '*' must span the whole segment
					/a/}              | 3  | unmatched '}'
					/a/*/b            | 3  | a catch-all must be the last segment
					/a/{*rest}/b      | 3  | a catch-all must be the last segment
					/files/*/         | 7  | a catch-all must be the last segment
					/:id/:id          | 6  | duplicate parameter name 'id'
					/{id}/{id:[0-9]+} | 7  | duplicate parameter name 'id'
					/:rest/{*rest}    | 9  | duplicate parameter name 'rest'
					/a/{x:}           | 6  | empty regex
					/a/{x:(ab}        | 9  | invalid regex: Unclosed group
					/a/{x:*a}         | 6  | invalid regex: Dangling meta character '*'
					/a b              | 2  | character U+0020 cannot be seen in a route pattern; write it percent-encoded, as %20
					/a\u0000b         | 2  | character U+0000 cannot be seen in a route pattern; write it percent-encoded, as %00
					/a\u007f          | 2  | character U+007F cannot be seen in a route pattern; write it percent-encoded, as %7F
					/caf\u00e9\u00a0   | 5  | character U+00A0 cannot be seen in a route pattern; write it percent-encoded, as %C2%A0
					/\u00e9\u0085      | 2  | character U+0085 cannot be seen in a route pattern; write it percent-encoded, as %C2%85
					/a\u200bb         | 2  | character U+200B cannot be seen in a route pattern; write it percent-encoded, as %E2%80%8B
					/\u3000           | 1  | character U+3000 cannot be seen in a route pattern; write it percent-encoded, as %E3%80%80
					/a\uD83D/b        | 2  | unpaired surrogate U+D83D, which no UTF-8 request path can hold
					/a\uDE00          | 2  | unpaired surrogate U+DE00, which no UTF-8 request path can hold
					/a?x=1            | 2  | a '?' starts the query string, which is not part of the path routes match
					/a#top            | 2  | a '#' starts a fragment, which clients do not send
					/a/%zz            | 3  | malformed percent-encoding in segment '%zz'
					/a/x%C3           | 3  | malformed percent-encoding in segment 'x%C3'
					""")
	void rejectsMalformedPatternNamingPatternAndPosition(String pattern, int position, String problem) {
		Router.Builder<String> builder = Router.builder();
		assertThatThrownBy(() -> builder.add("GET", pattern, "t")).isInstanceOf(RoutePatternException.class)
			.hasMessage("Malformed route pattern '" + pattern + "' at position " + position + ": " + problem);
	}

	@Test
	void acceptsEveryPatternForm() {
		Router<String> router = Router.<String>builder()
			.add("GET", "/", "root")
			.add("GET", "/static/path", "static")
			.add("GET", "/caf%C3%A9", "percent-encoded")
			.add("GET", "/caf\u00e9/menu", "unicode")
			.add("GET", "/\u57ce\u5e02/{id}/\uD83D\uDE00", "unicode beside a parameter")
			.add("GET", "/colon/:name", "colon")
			.add("GET", "/brace/{name}", "brace")
			.add("GET", "/regex/{code:[a-z]{3}}", "nested braces")
			.add("GET", "/escaped/{c:\\{+}", "escaped brace")
			.add("GET", "/slash/{p:a/b}", "slash in regex")
			.add("GET", "/star/*", "star")
			.add("GET", "/named/{*rest}", "named catch-all")
			.add("GET", "/_/:_a9/{B_}", "name characters")
			.build();

		assertThat(router.find("GET", "/").target()).isEqualTo("root");
		assertThat(router.find("GET", "/static/path").target()).isEqualTo("static");
		assertThat(router.find("GET", "/caf%C3%A9").target()).isEqualTo("percent-encoded");
		assertThat(router.find("GET", "/caf%C3%A9/menu").target()).isEqualTo("unicode");
		assertThat(router.find("GET", "/%E5%9F%8E%E5%B8%82/7/%F0%9F%98%80").param("id")).isEqualTo("7");
		assertThat(router.find("GET", "/colon/x").param("name")).isEqualTo("x");
		assertThat(router.find("GET", "/brace/x").param("name")).isEqualTo("x");
		assertThat(router.find("GET", "/regex/abc").param("code")).isEqualTo("abc");
		assertThat(router.find("GET", "/regex/abcd")).isNull();
		assertThat(router.find("GET", "/escaped/%7B%7B").param("c")).isEqualTo("{{");
		assertThat(router.find("GET", "/slash/a%2Fb").param("p")).isEqualTo("a/b");
		assertThat(router.find("GET", "/star/x/y").param("*")).isEqualTo("x/y");
		assertThat(router.find("GET", "/named/x/y").param("rest")).isEqualTo("x/y");
		RouteMatch<String> names = router.find("GET", "/_/1/2");
		assertThat(names.param("_a9")).isEqualTo("1");
		assertThat(names.param("B_")).isEqualTo("2");
	}

	@Test
	void rejectsNullArgumentsAndEmptyMethod() {
		Router.Builder<String> builder = Router.builder();
		assertThatThrownBy(() -> builder.add(null, "/", "t")).isInstanceOf(NullPointerException.class);
		assertThatThrownBy(() -> builder.add("GET", null, "t")).isInstanceOf(NullPointerException.class);
		assertThatThrownBy(() -> builder.add("GET", "/", null)).isInstanceOf(NullPointerException.class);
		assertThatThrownBy(() -> builder.add("", "/", "t")).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> builder.cache(true, -1)).isInstanceOf(IllegalArgumentException.class);
	}

}
