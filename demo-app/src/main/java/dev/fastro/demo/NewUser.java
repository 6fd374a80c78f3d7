package dev.fastro.demo;

import java.util.Map;
import java.util.TreeMap;

/** The body of a request that creates a user. */
public record NewUser(String name, String email) {

	/** Checks every field and reports all that are wrong at once. */
	NewUser validate() {
		Map<String, String> errors = new TreeMap<>();
		if (this.name == null || this.name.isBlank()) {
			errors.put("name", "must not be blank");
		}
		if (this.email == null || !this.email.matches("[^@\\s]+@[^@\\s]+")) {
			errors.put("email", "must be an e-mail address");
		}
		if (!errors.isEmpty()) {
			throw new InvalidInputException(errors);
		}
		return this;
	}

}
