package dev.fastro.test.security.securedapp;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A secured application for the security tests: routes, their rules, and how it decodes
 * tokens, each in a configuration class of its own.
 */
@SpringBootApplication
public class SecuredApplication {

}
