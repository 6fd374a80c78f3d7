package dev.fastro.docs.files;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The application of the samples of "Static files and downloads", for their tests: the
 * routes of {@link Downloads}, and the static resources each test points it to.
 */
@SpringBootApplication
class FilesApp {

}
