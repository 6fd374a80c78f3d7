package dev.fastro.docs.webflux;

// tag::routes[]
import java.net.URI;

import reactor.core.publisher.Mono;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.HandlerFilterFunction;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ResponseStatusException;

@Configuration(proxyBeanMethods = false)
public class WebFluxUsers {

	@Bean
	RouterFunction<ServerResponse> userRoutes(UserStore users) {
		HandlerFunction<ServerResponse> find = (request) -> {
			long id = Long.parseLong(request.pathVariable("id"));
			return Mono.justOrEmpty(users.find(id))
				.flatMap((user) -> ServerResponse.ok().bodyValue(user))
				.switchIfEmpty(Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND, "No user " + id)));
		};
		HandlerFunction<ServerResponse> add = (request) -> request.bodyToMono(NewUser.class)
			.map(users::add)
			.flatMap((user) -> ServerResponse.created(URI.create("/users/" + user.id())).bodyValue(user));
		HandlerFilterFunction<ServerResponse, ServerResponse> apiKey = (request, next) -> {
			if (!"s3cret".equals(request.headers().firstHeader("x-api-key"))) {
				return ServerResponse.status(HttpStatus.UNAUTHORIZED).build();
			}
			return next.handle(request);
		};
		return RouterFunctions.route()
			.GET("/users/{id}", find)
			.POST("/users", add)
			.filter(apiKey)
			.onError(ResponseStatusException.class, WebFluxUsers::problem)
			.build();
	}

	private static Mono<ServerResponse> problem(ResponseStatusException ex, ServerRequest request) {
		return ServerResponse.status(ex.getStatusCode())
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyValue(ex.getBody());
	}

}
// end::routes[]
