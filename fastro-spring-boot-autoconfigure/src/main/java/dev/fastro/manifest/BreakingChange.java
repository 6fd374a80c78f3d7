package dev.fastro.manifest;

/**
 * A change to a route that would break a client written for its previous release.
 *
 * @param route the route as the previous manifest lists it, such as {@code GET
 * /users/{id}}
 * @param change what broke, such as {@code no longer answers 404}
 */
public record BreakingChange(String route, String change) {

	@Override
	public String toString() {
		return this.route + ": " + this.change;
	}

}
