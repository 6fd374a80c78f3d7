package dev.fastro.http;

/**
 * A typed key for a request attribute, so middleware can hand values to handlers without
 * casts.
 *
 * <pre>{@code
 * static final AttributeKey<User> USER = AttributeKey.of("user", User.class);
 * ctx.set(USER, user);          // in a middleware
 * User u = ctx.get(USER);       // in the handler
 * }</pre>
 *
 * Keys compare by identity: declare each once, as a constant.
 */
public final class AttributeKey<T> {

	private final String name;

	private final Class<T> type;

	private AttributeKey(String name, Class<T> type) {
		this.name = name;
		this.type = type;
	}

	/**
	 * A new key; declare it once, as a constant.
	 * @param name what the attribute is, for messages
	 * @param type the type of its values
	 * @param <T> the type of its values
	 * @return the key
	 */
	public static <T> AttributeKey<T> of(String name, Class<T> type) {
		return new AttributeKey<>(name, type);
	}

	/** What the attribute is, as given to {@link #of}. */
	public String name() {
		return this.name;
	}

	/** The type of the attribute's values. */
	public Class<T> type() {
		return this.type;
	}

	@Override
	public String toString() {
		return "AttributeKey[" + this.name + ": " + this.type.getSimpleName() + "]";
	}

}
