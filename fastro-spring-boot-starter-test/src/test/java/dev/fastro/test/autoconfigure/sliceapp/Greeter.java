package dev.fastro.test.autoconfigure.sliceapp;

import org.springframework.stereotype.Service;

/** A service the routes need; a slice test supplies it. */
@Service
public class Greeter {

	public String greet(String name) {
		return "Hello " + name;
	}

}
