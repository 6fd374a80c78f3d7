package dev.fastro.test.autoconfigure.sliceapp;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An application for the slice tests: routes, middleware, and beans the slice leaves out.
 */
@SpringBootApplication
public class SliceApplication {

}
