package dev.fastro.test.autoconfigure.sliceapp;

import org.springframework.stereotype.Component;

/** A component that serves no request, so a slice leaves it out. */
@Component
public class Unrelated {

}
