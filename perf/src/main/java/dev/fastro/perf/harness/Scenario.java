package dev.fastro.perf.harness;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

import dev.fastro.perf.Workload;

/**
 * The five scenarios, each with its request and the exact answer every server must give,
 * and the URL-params scenario again with realistic paths: ids drawn from 1,000,000,
 * uniformly and Zipf-like, so a route cache sees misses.
 */
public enum Scenario {

	/** {@code GET /}. */
	ROOT("Root", "root", Request.get("/"), ExpectedResponse.ok(Workload.TEXT_PLAIN, "Hello world!")),

	/** {@code GET /user/123} on the route {@code /user/:id}. */
	URL_PARAMS("URL Params", "url-params", Request.get("/user/123"),
			ExpectedResponse.ok(Workload.TEXT_PLAIN, "User 123")),

	/** {@code GET /query?name=fastro}. */
	QUERY_PARAMS("Query Params", "query-params", Request.get("/query?name=fastro"),
			ExpectedResponse.ok(Workload.TEXT_PLAIN, "Hello fastro")),

	/**
	 * {@code GET /middleware}: three middlewares, the user copied into {@code x-user}.
	 */
	MIDDLEWARE("Middleware", "middleware", Request.get("/middleware"),
			ExpectedResponse.ok(Workload.TEXT_PLAIN, "Hello fastro").withHeader("x-user", "fastro")),

	/** {@code POST /json}: the body read into a record and written back. */
	JSON_POST("JSON POST", "json", jsonRequest(JsonBodies.SMALL), jsonAnswer(JsonBodies.SMALL)),

	/**
	 * {@code GET /user/:id} with an id drawn uniformly from 1,000,000 for every request:
	 * caches miss.
	 */
	URL_PARAMS_UNIFORM("URL Params (uniform ids)", "url-params-uniform",
			Request.get(new RandomIds("/user/", "User ", RandomIds.Distribution.UNIFORM, Scenario.DISTINCT_IDS)),
			ExpectedResponse.ok(Workload.TEXT_PLAIN, "User 1")),

	/**
	 * {@code GET /user/:id} with Zipf-distributed ids (s = 1) from 1,000,000: a hot head
	 * and a long tail.
	 */
	URL_PARAMS_ZIPF("URL Params (Zipf ids)", "url-params-zipf",
			Request.get(new RandomIds("/user/", "User ", RandomIds.Distribution.ZIPF, Scenario.DISTINCT_IDS)),
			ExpectedResponse.ok(Workload.TEXT_PLAIN, "User 1"));

	/** The distinct ids of the realistic URL-params scenarios. */
	static final int DISTINCT_IDS = 1_000_000;

	private final String title;

	private final String id;

	private final Probe probe;

	Scenario(String title, String id, Request request, ExpectedResponse expected) {
		this.title = title;
		this.id = id;
		this.probe = new Probe(request, expected);
	}

	/**
	 * The scenario's name in the report, as in the original Fastro benchmark.
	 * @return the title
	 */
	public String title() {
		return this.title;
	}

	/**
	 * The scenario's name on the command line.
	 * @return the id
	 */
	public String id() {
		return this.id;
	}

	/**
	 * The request and its expected answer.
	 * @return the probe
	 */
	public Probe probe() {
		return this.probe;
	}

	/**
	 * Finds a scenario by its command-line id.
	 * @param id the id, such as {@code url-params}
	 * @return the scenario
	 * @throws IllegalArgumentException if there is none
	 */
	public static Scenario fromId(String id) {
		String wanted = id.toLowerCase(Locale.ROOT);
		return Arrays.stream(values())
			.filter(scenario -> scenario.id.equals(wanted))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown scenario '" + id + "', expected one of "
					+ Arrays.stream(values()).map(Scenario::id).toList()));
	}

	/**
	 * The JSON POST request for a body.
	 * @param json the body
	 * @return the request
	 */
	static Request jsonRequest(String json) {
		return Request.post("/json", Workload.APPLICATION_JSON, json.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * The JSON POST answer for a body: the same bytes, since the record is written back
	 * unchanged.
	 * @param json the body
	 * @return the expected answer
	 */
	static ExpectedResponse jsonAnswer(String json) {
		return ExpectedResponse.ok(Workload.APPLICATION_JSON, json);
	}

}
