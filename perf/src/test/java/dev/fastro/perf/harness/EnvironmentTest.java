package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class EnvironmentTest {

	@TempDir
	Path checkout;

	@Test
	void namesTheCommitTheServersWereBuiltFrom() throws Exception {
		commitAFile();
		String commit = git("rev-parse", "--short", "HEAD");
		assertThat(Environment.checkout(this.checkout)).isEqualTo("commit " + commit);
	}

	@Test
	void saysWhenTheWorkingTreeChangedTheCommit() throws Exception {
		commitAFile();
		Files.writeString(this.checkout.resolve("Server.java"), "class Server { int changed; }");
		assertThat(Environment.checkout(this.checkout)).endsWith(" with uncommitted changes");
	}

	@Test
	void aFileGitDoesNotTrackChangesNothing() throws Exception {
		commitAFile();
		Files.writeString(this.checkout.resolve("server.log"), "started");
		assertThat(Environment.checkout(this.checkout)).doesNotContain("uncommitted");
	}

	@Test
	void saysSoOutsideACheckout() {
		assertThat(Environment.checkout(this.checkout)).isEqualTo("not a git checkout");
	}

	private void commitAFile() throws Exception {
		git("init", "-q");
		Files.writeString(this.checkout.resolve("Server.java"), "class Server { }");
		git("add", "Server.java");
		git("-c", "user.name=perf", "-c", "user.email=perf@fastro.dev", "commit", "-q", "-m", "A server");
	}

	private String git(String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("git", "-C", this.checkout.toString()));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes()).strip();
		assertThat(process.waitFor()).as(output).isZero();
		return output;
	}

}
