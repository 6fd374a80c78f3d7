package dev.fastro;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The arrows between packages point one way: the router knows nothing else, the request pipeline
 * (its API and its internals) knows no server and no Spring, the server knows no Spring.
 */
class ArchitectureTest {

	private static final Path SOURCES = Path.of("src/main/java/dev/fastro");

	@ParameterizedTest(name = "{0} imports none of {1}")
	@CsvSource(delimiter = '|', value = {
			"router | dev.fastro.http dev.fastro.server dev.fastro.autoconfigure io.netty reactor org.springframework tools.jackson",
			"http   | dev.fastro.server dev.fastro.autoconfigure reactor.netty org.springframework",
			"server | dev.fastro.autoconfigure org.springframework" })
	void packageDependsOnlyOnWhatItMay(String pkg, String forbidden) throws IOException {
		List<String> prefixes = List.of(forbidden.split(" "));
		try (Stream<Path> files = Files.walk(SOURCES.resolve(pkg))) {
			List<String> violations = files.filter(Files::isRegularFile)
				.flatMap(file -> imports(file).filter(imported -> prefixes.stream().anyMatch(imported::startsWith))
					.map(imported -> file.getFileName() + " imports " + imported))
				.toList();
			assertThat(violations).isEmpty();
		}
	}

	private static Stream<String> imports(Path file) {
		try {
			return Files.readAllLines(file)
				.stream()
				.filter(line -> line.startsWith("import "))
				.map(line -> line.substring("import ".length()).replace("static ", ""));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
