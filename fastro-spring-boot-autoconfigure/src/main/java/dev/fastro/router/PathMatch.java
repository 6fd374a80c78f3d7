package dev.fastro.router;

/**
 * The route a request's method and path match, with the path parameters decoded: what a
 * handler reads through {@code Context.routePattern()} and {@code Context.param(..)}, for
 * those that read the route table without a request, such as a benchmark or a report.
 * Immutable: the router may cache one and hand it out again.
 */
public interface PathMatch {

	/**
	 * The matched route's pattern, as declared.
	 * @return the pattern, such as {@code /users/{id}}
	 */
	String pattern();

	/**
	 * The decoded value of a parameter.
	 * @param name the parameter's name; {@code "*"} names an anonymous catch-all
	 * @return the value, or {@code null} when the route has no parameter of that name
	 */
	String param(String name);

	/**
	 * How many parameters the route has.
	 * @return the count
	 */
	int paramCount();

	/**
	 * The name of a parameter.
	 * @param index its position in the path, from 0
	 * @return the name
	 */
	String paramName(int index);

	/**
	 * The decoded value of a parameter.
	 * @param index its position in the path, from 0
	 * @return the value
	 */
	String paramValue(int index);

}
