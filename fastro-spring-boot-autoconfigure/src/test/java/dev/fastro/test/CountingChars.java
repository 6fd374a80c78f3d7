package dev.fastro.test;

/**
 * A text that counts how many of its characters are read, so that a test can bound the
 * work a parser does rather than the time it takes, which another process on the machine
 * can change. Copying a region out reads each of its characters, so it counts them all.
 */
public final class CountingChars implements CharSequence {

	private final String text;

	private long reads;

	public CountingChars(String text) {
		this.text = text;
	}

	/** The characters read so far. */
	public long reads() {
		return this.reads;
	}

	@Override
	public int length() {
		return this.text.length();
	}

	@Override
	public char charAt(int index) {
		this.reads++;
		return this.text.charAt(index);
	}

	@Override
	public CharSequence subSequence(int start, int end) {
		this.reads += end - start;
		return this.text.subSequence(start, end);
	}

	@Override
	public String toString() {
		this.reads += this.text.length();
		return this.text;
	}

}
