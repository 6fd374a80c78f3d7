package dev.fastro.docs.testing;

import java.util.Optional;

/** Where the users are: a service the routes need, which a slice test mocks. */
public interface UserDirectory {

	Optional<User> find(long id);

}
