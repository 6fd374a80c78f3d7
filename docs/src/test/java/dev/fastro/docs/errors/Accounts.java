package dev.fastro.docs.errors;

import java.util.Map;

import dev.fastro.http.HttpException;
import dev.fastro.http.Problem;
import dev.fastro.http.Routes;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The sample of "Errors and problem details" that throws and returns problems. */
@Configuration(proxyBeanMethods = false)
public class Accounts {

	record Account(long id, long balance) {
	}

	private final Map<Long, Account> accounts = Map.of(12345L, new Account(12345, 30));

	// tag::routes[]
	@Bean
	Routes accountRoutes() {
		return Routes.builder()
			.get("/accounts/{id}", (ctx) -> find(ctx.paramLong("id")))
			.post("/accounts/{id}/purchases", (ctx) -> {
				Account account = find(ctx.paramLong("id"));
				long cost = ctx.queryLong("cost");
				if (cost > account.balance()) {
					String detail = "Your balance is " + account.balance() + ", but that costs " + cost + ".";
					return Problem.of(403, detail, ctx.path()).with("balance", account.balance());
				}
				return "Bought";
			})
			.build();
	}

	private Account find(long id) {
		Account account = this.accounts.get(id);
		if (account == null) {
			throw HttpException.notFound("No account " + id);
		}
		return account;
	}
	// end::routes[]

}
