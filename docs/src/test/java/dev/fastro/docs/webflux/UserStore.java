package dev.fastro.docs.webflux;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The users, in memory: the service both versions of the API call, a bean in an
 * application. It starts with Ada, user 1.
 */
public class UserStore {

	private final AtomicLong ids = new AtomicLong(1);

	private final Map<Long, User> users = new ConcurrentHashMap<>(Map.of(1L, new User(1, "Ada")));

	public Optional<User> find(long id) {
		return Optional.ofNullable(this.users.get(id));
	}

	public User add(NewUser user) {
		User added = new User(this.ids.incrementAndGet(), user.name());
		this.users.put(added.id(), added);
		return added;
	}

}
