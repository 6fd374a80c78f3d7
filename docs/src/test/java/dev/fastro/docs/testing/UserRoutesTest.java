package dev.fastro.docs.testing;

// tag::test[]
import java.util.Optional;

import dev.fastro.test.autoconfigure.FastroTest;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;

@FastroTest
class UserRoutesTest {

	@Autowired
	FastroTestClient client;

	@MockitoBean
	UserDirectory users;

	@Test
	void findsAUser() {
		given(this.users.find(1)).willReturn(Optional.of(new User(1, "Ada")));
		assertThat(this.client.get("/users/1").exchange()).hasStatus(200)
			.hasHeader("x-content-type-options", "nosniff")
			.bodyAs(User.class)
			.isEqualTo(new User(1, "Ada"));
	}

	@Test
	void answers404ForAnUnknownUser() {
		given(this.users.find(2)).willReturn(Optional.empty());
		assertThat(this.client.get("/users/2").exchange()).isProblem(404, "No user 2");
	}

}
// end::test[]
