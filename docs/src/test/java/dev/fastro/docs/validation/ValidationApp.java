package dev.fastro.docs.validation;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application of the samples of "Validating request bodies", for their test. */
@SpringBootApplication
class ValidationApp {

}
