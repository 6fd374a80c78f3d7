package dev.fastro.test.autoconfigure.sliceapp;

import jakarta.validation.constraints.NotBlank;

/**
 * Someone to greet.
 *
 * @param name the name to greet by
 */
public record Person(@NotBlank String name) {
}
