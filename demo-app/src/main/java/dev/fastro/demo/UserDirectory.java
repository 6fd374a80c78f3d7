package dev.fastro.demo;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.stereotype.Service;

/** An in-memory user store, injected into the example routes like any Spring service. */
@Service
public class UserDirectory {

	private final Map<Long, User> users = new ConcurrentSkipListMap<>();

	private final AtomicLong ids = new AtomicLong();

	public UserDirectory() {
		add("Ada Lovelace", "ada@fastro.dev");
		add("Alan Turing", "alan@fastro.dev");
	}

	public Optional<User> find(long id) {
		return Optional.ofNullable(this.users.get(id));
	}

	public Collection<User> all() {
		return this.users.values();
	}

	public User add(String name, String email) {
		User user = new User(this.ids.incrementAndGet(), name, email);
		this.users.put(user.id(), user);
		return user;
	}

}
