package dev.fastro.docs.securitytesting;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application the tests of "Testing secured routes" test. */
@SpringBootApplication
public class SecuredApplication {

}
