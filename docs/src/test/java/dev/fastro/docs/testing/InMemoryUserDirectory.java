package dev.fastro.docs.testing;

import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Component;

/** The application's directory, which a {@code @FastroTest} leaves out. */
@Component
class InMemoryUserDirectory implements UserDirectory {

	private final Map<Long, User> users = Map.of(1L, new User(1, "Ada"));

	@Override
	public Optional<User> find(long id) {
		return Optional.ofNullable(this.users.get(id));
	}

}
