package dev.fastro.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/** Adds the {@link FastroTest#properties() properties} of a {@link FastroTest}. */
class FastroTestContextBootstrapper extends TestSliceTestContextBootstrapper<FastroTest> {

}
