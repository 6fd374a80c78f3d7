package dev.fastro.perf.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One route lookup in the GitHub-like table ({@link GitHubRoutes}), per router and kind
 * of request. Run by {@code perf/run --jmh} with {@code -prof gc}; never by
 * {@code mvn verify}. With the cache on, the same path is looked up again and again, so
 * "fastro" is the cache's best case and "fastro-nocache" the tree walk every time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RouterBenchmark {

	/** The router under test. */
	@Param({ "fastro", "fastro-nocache", "spring-pathpattern", "reactor-netty" })
	public String router;

	/** The kind of request, a key of {@link GitHubRoutes#REQUESTS}. */
	@Param({ "static", "one-param", "two-params", "catch-all", "miss" })
	public String request;

	private RouterLookup lookup;

	private String path;

	/**
	 * Builds the router and checks that it answers the request as expected, so a broken
	 * router can never produce a fast number.
	 */
	@Setup
	public void setUp() {
		List<GitHubRoutes.Route> routes = GitHubRoutes.load();
		this.lookup = RouterLookup.create(this.router, routes);
		this.path = GitHubRoutes.REQUESTS.get(this.request);
		Object match = this.lookup.find(this.path);
		if ((match == null) != this.request.equals("miss")) {
			throw new IllegalStateException(this.router + " answered " + match + " for " + this.path);
		}
	}

	/** Lets go of the router. */
	@TearDown
	public void tearDown() {
		this.lookup.close();
	}

	/**
	 * One lookup.
	 * @return the match, which JMH consumes
	 */
	@Benchmark
	public Object find() {
		return this.lookup.find(this.path);
	}

}
