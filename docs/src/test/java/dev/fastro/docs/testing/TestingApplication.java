package dev.fastro.docs.testing;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application the tests of the "Testing" page test. */
@SpringBootApplication
public class TestingApplication {

}
