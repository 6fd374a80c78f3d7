package dev.fastro.demo;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;

/**
 * The body of a request that creates a user, validated by Bean Validation as
 * {@code ctx.body(NewUser.class)} reads it: a violation is a 400 listing every invalid
 * field.
 *
 * @param name the user's name
 * @param email the user's e-mail address
 */
public record NewUser(@NotBlank String name, @NotBlank @Email String email) {
}
