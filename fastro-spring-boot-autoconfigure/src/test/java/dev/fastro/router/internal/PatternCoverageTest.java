package dev.fastro.router.internal;

import dev.fastro.router.internal.PatternCoverage.Coverage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How much of a route's paths a pattern matches, segment by segment.
 */
class PatternCoverageTest {

	@ParameterizedTest(name = "{0} covers {2} of {1}")
	@CsvSource(delimiter = '|', textBlock = """
			/users              | /users                  | FULL
			/users              | /orders                 | NONE
			/users/{id}         | /users/{name}           | FULL
			/users/{id}         | /users/me               | FULL
			/users/me           | /users/{id}             | PARTIAL
			/users/{id:[0-9]+}  | /users/{id}             | PARTIAL
			/users/{id:[0-9]+}  | /users/{n:[0-9]+}       | FULL
			/users/{id:[0-9]+}  | /users/{n:\\d+}         | FULL
			/users/{id:[0-9]+}  | /users/{n:[0-9]{1,3}}   | FULL
			/users/{id:[0-9]{2}} | /users/{n:[0-9]+}      | PARTIAL
			/users/{id:[0-9]+}  | /users/{n:[a-z]+}       | NONE
			/users/{id:.+}      | /users/{id}             | PARTIAL
			/users/{id:[0-9]+}  | /users/{id:0[0-9]*}     | FULL
			/users/{id:(?i)x}   | /users/{id:(?i)x}       | FULL
			/users/{id:(?i)x}   | /users/{id:(?i)y}       | PARTIAL
			/users/{id:[0-9]+}  | /users/42               | FULL
			/users/{id:[0-9]+}  | /users/me               | NONE
			/users/42           | /users/{id:[0-9]+}      | PARTIAL
			/users/me           | /users/{id:[0-9]+}      | NONE
			/files/*            | /files/{name}           | FULL
			/files/*            | /files/a/b/{c}          | FULL
			/files/*            | /files/{*path}          | FULL
			/files/*            | /files                  | NONE
			/files/*            | /other/{name}           | NONE
			/files/{name}       | /files/{*path}          | PARTIAL
			/files              | /files/{*path}          | NONE
			/{*all}             | /                       | FULL
			/a/{b}/c            | /a/{x}/d                | NONE
			/a/{b}/c            | /a/{x}/c/d              | NONE
			""")
	void comparesSegmentBySegment(String rule, String route, Coverage coverage) {
		assertThat(PatternCoverage.of(rule, route, false)).isEqualTo(coverage);
	}

	@ParameterizedTest(name = "{0} covers {2} of {1}, ignoring a trailing slash")
	@CsvSource(delimiter = '|', textBlock = """
			/files/*            | /files                  | FULL
			/files              | /files/                 | FULL
			/files              | /files/{*path}          | PARTIAL
			/files/{name}       | /files/                 | NONE
			""")
	void ignoresATrailingSlashAsTheRouterDoes(String rule, String route, Coverage coverage) {
		assertThat(PatternCoverage.of(rule, route, true)).isEqualTo(coverage);
	}

}
