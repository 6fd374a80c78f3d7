package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WrkScriptTest {

	@Test
	void aPostSetsMethodBodyAndContentType() {
		String lua = WrkScript.forRequest(Request.post("/json", "application/json",
				"{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}".getBytes(StandardCharsets.UTF_8)));
		assertThat(lua).contains("wrk.method = [=[POST]=]")
			.contains("wrk.body = [=[{\"name\":\"fastro\",\"email\":\"hello@fastro.dev\"}]=]")
			.contains("wrk.headers[\"Content-Type\"] = [=[application/json]=]");
	}

	@Test
	void aGetHasNoBodyButTheDoneHookAndNoResponseCallback() {
		String lua = WrkScript.forRequest(Request.get("/"));
		assertThat(lua).contains("wrk.method = [=[GET]=]")
			.doesNotContain("wrk.body")
			.contains("done = function(summary, latency, requests)")
			.contains("latency:percentile(95)")
			.doesNotContain("response");
	}

	@Test
	void aBodyThatContainsTheClosingBracketGetsALongerOne() {
		String lua = WrkScript.forRequest(Request.post("/", "text/plain", "a]=]b".getBytes(StandardCharsets.UTF_8)));
		assertThat(lua).contains("wrk.body = [==[a]=]b]==]");
	}

	@Test
	void pipelinedBuildsOneBatchOfCopiesInInitAndReturnsItFromRequest() {
		String lua = WrkScript.forRequest(Request.get("/user/123"), 16);
		assertThat(lua).contains("local depth = 16")
			.contains("for i = 1, depth do copies[i] = wrk.format() end")
			.contains("batch = table.concat(copies)")
			.contains("request = function()\n  return batch\nend")
			.contains("done = function(summary, latency, requests)")
			.doesNotContain("response");
		assertThat(WrkScript.forRequest(Request.get("/"))).doesNotContain("request = function");
	}
}
