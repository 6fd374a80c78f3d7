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
			.contains("bytes=%d")
			.contains("summary.bytes")
			.doesNotContain("response");
	}

	@Test
	void furtherHeadersAreSetOnEveryRequest() {
		String lua = WrkScript.forRequest(Request.get("/compress").withHeader("accept-encoding", "br"));
		assertThat(lua).contains("wrk.headers[\"accept-encoding\"] = [=[br]=]");
	}

	@Test
	void aBodyThatContainsTheClosingBracketGetsALongerOne() {
		String lua = WrkScript.forRequest(Request.post("/", "text/plain", "a]=]b".getBytes(StandardCharsets.UTF_8)));
		assertThat(lua).contains("wrk.body = [==[a]=]b]==]");
	}

	@Test
	void pipelinedBuildsOneBatchOfCopiesInInitAndReturnsItFromRequest() {
		String lua = WrkScript.forRequest(Request.get("/user/123"), 16, 1);
		assertThat(lua).contains("local depth = 16")
			.contains("for i = 1, depth do copies[i] = wrk.format() end")
			.contains("batch = table.concat(copies)")
			.contains("request = function()\n  return batch\nend")
			.contains("done = function(summary, latency, requests)")
			.doesNotContain("response");
		assertThat(WrkScript.forRequest(Request.get("/"))).doesNotContain("request = function");
	}

	@Test
	void randomIdsAreDrawnPerRequestFromASeededGenerator() {
		String uniform = WrkScript.forLoad(new Load(Scenario.URL_PARAMS_UNIFORM.probe(), 1), 42);
		assertThat(uniform).contains("local count = 1000000")
			.contains("math.randomseed(42)")
			.contains("local template = wrk.format(nil, [=[/user/]=])")
			.contains("return math.random(count)")
			.contains("return head .. id() .. tail")
			.doesNotContain("cumulative[k]");
		String zipf = WrkScript.forLoad(new Load(Scenario.URL_PARAMS_ZIPF.probe(), 16), 7);
		assertThat(zipf).contains("math.randomseed(7)")
			.contains("sum = sum + 1 / k")
			.contains("if cumulative[mid] < u then lo = mid + 1 else hi = mid end")
			.contains("for i = 1, depth do batch[i] = head .. id() .. tail end")
			.doesNotContain("response");
	}

}
