package dev.fastro.perf.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A path that ends in an id drawn anew for every request, from {@code 1} to
 * {@code count}, so that a router's cache sees as many distinct paths as production
 * traffic would show it. wrk's Lua script draws the ids (see {@link WrkScript}); the
 * harness verifies a sample of them before measuring.
 *
 * @param pathPrefix what comes before the id, such as {@code /user/}
 * @param answerPrefix what the answer's body has before the id, such as {@code User }
 * @param distribution how the ids are drawn
 * @param count how many distinct ids there are
 */
public record RandomIds(String pathPrefix, String answerPrefix, Distribution distribution, int count) {

	/** The ids the harness checks before measuring: as many as one pipelined batch. */
	static final int SAMPLE_SIZE = WrkScript.PIPELINE_DEPTH;

	/**
	 * Checks the count.
	 */
	public RandomIds {
		if (count < 2) {
			throw new IllegalArgumentException("at least 2 ids, not " + count);
		}
	}

	/**
	 * The request for one id.
	 * @param id the id
	 * @return a plain {@code GET}
	 */
	public Request request(long id) {
		return Request.get(this.pathPrefix + id);
	}

	/**
	 * The body of the answer for one id.
	 * @param id the id
	 * @return the body
	 */
	public String answer(long id) {
		return this.answerPrefix + id;
	}

	/**
	 * The ids to verify: the smallest and largest, the head a Zipf distribution draws
	 * most, the middle, and the rest drawn uniformly with a fixed seed,
	 * {@link #SAMPLE_SIZE} in all, all distinct.
	 * @return the ids
	 */
	public List<Long> sample() {
		List<Long> ids = new ArrayList<>();
		for (long id : new long[] { 1, 2, 3, 10, 100, 1_000, this.count / 2, this.count - 1, this.count }) {
			if (id >= 1 && id <= this.count && !ids.contains(id)) {
				ids.add(id);
			}
		}
		Random random = new Random(42);
		while (ids.size() < Math.min(SAMPLE_SIZE, this.count)) {
			long id = 1 + random.nextInt(this.count);
			if (!ids.contains(id)) {
				ids.add(id);
			}
		}
		return ids;
	}

	@Override
	public String toString() {
		return this.pathPrefix + "<" + this.distribution.name().toLowerCase(Locale.ROOT) + " id of "
				+ String.format(Locale.ROOT, "%,d", this.count) + ">";
	}

	/** How ids are drawn. */
	public enum Distribution {

		/** Every id equally likely: {@code math.random(count)}. */
		UNIFORM,

		/**
		 * Zipf with exponent 1: id {@code k} drawn with probability
		 * {@code (1/k) / H(count)}, where {@code H} is the harmonic number. Exact
		 * inverse-CDF sampling: the script's {@code init} tabulates the cumulative sums
		 * {@code H(k)} once, and each request binary-searches the first {@code k} with
		 * {@code H(k) >= u * H(count)} for a uniform {@code u} in [0, 1).
		 */
		ZIPF

	}
}
