package dev.fastro.router.internal;

import java.util.Objects;

import dev.fastro.router.PathMatch;

/**
 * The route a path matched and its decoded parameter values. Immutable, so the router may
 * cache one and hand it to many requests.
 *
 * @param <T> the target type
 */
public final class RouteMatch<T> implements PathMatch {

	private final Route<T> route;

	private final String[] names;

	/**
	 * Indexed like {@code names}; may be longer, as it is sized for the longest route of
	 * the method.
	 */
	private final String[] values;

	RouteMatch(Route<T> route, String[] names, String[] values) {
		this.route = route;
		this.names = names;
		this.values = values;
	}

	/** The matched route. */
	public Route<T> route() {
		return route;
	}

	/** The target of the matched route. */
	public T target() {
		return route.target();
	}

	@Override
	public String pattern() {
		return route.pattern();
	}

	/**
	 * The decoded value of a parameter ({@code "*"} names an anonymous catch-all), or
	 * null when the route has no parameter of that name.
	 */
	@Override
	public String param(String name) {
		for (int i = 0; i < names.length; i++) {
			if (names[i].equals(name)) {
				return values[i];
			}
		}
		return null;
	}

	/** The number of parameters of the route. */
	@Override
	public int paramCount() {
		return names.length;
	}

	/** The name of the parameter at {@code index}, in path order. */
	@Override
	public String paramName(int index) {
		return names[Objects.checkIndex(index, names.length)];
	}

	/** The decoded value of the parameter at {@code index}, in path order. */
	@Override
	public String paramValue(int index) {
		return values[Objects.checkIndex(index, names.length)];
	}

	@Override
	public String toString() {
		StringBuilder text = new StringBuilder(route.method()).append(' ').append(route.pattern());
		for (int i = 0; i < names.length; i++) {
			text.append(i == 0 ? " {" : ", ").append(names[i]).append('=').append(values[i]);
		}
		return names.length == 0 ? text.toString() : text.append('}').toString();
	}

}
