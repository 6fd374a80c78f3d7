package com.example.people;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;

public record Person(@NotBlank String name, @NotBlank @Email String email) {

}
