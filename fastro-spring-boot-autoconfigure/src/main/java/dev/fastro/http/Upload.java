package dev.fastro.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file sent in a {@code multipart/form-data} body, as {@link Context#upload(String)}
 * gives it: the part's field name, the file name and content type the client gave, and
 * its content, held in memory (the whole body is within
 * {@code fastro.server.max-body-size}).
 *
 * <pre>{@code
 * Upload avatar = ctx.upload("avatar");
 * avatar.transferTo(directory.resolve(UUID.randomUUID() + ".png"));
 * }</pre>
 */
public final class Upload {

	private final String name;

	private final String filename;

	private final String contentType;

	private final byte[] content;

	/**
	 * A file as it was sent.
	 * @param name the form field it was sent in
	 * @param filename the file name the client gave, possibly empty, never a path to
	 * trust
	 * @param contentType its content type, {@code application/octet-stream} when the
	 * client named none
	 * @param content its bytes, not copied
	 */
	public Upload(String name, String filename, String contentType, byte[] content) {
		this.name = name;
		this.filename = filename;
		this.contentType = contentType;
		this.content = content;
	}

	/** The form field it was sent in. */
	public String name() {
		return this.name;
	}

	/**
	 * The file name the client gave: empty when a form's file input was left empty. Never
	 * use it as a path as it is: it may hold {@code ..} or a directory.
	 */
	public String filename() {
		return this.filename;
	}

	/** Its content type, {@code application/octet-stream} when the client named none. */
	public String contentType() {
		return this.contentType;
	}

	/** Its length in bytes. */
	public long size() {
		return this.content.length;
	}

	/** Its content; the array is the upload's own, not a copy. */
	public byte[] bytes() {
		return this.content;
	}

	/** Its content as a stream. */
	public InputStream inputStream() {
		return new ByteArrayInputStream(this.content);
	}

	/**
	 * Writes its content to a file, replacing the file if it exists.
	 * @throws IOException if the file cannot be written
	 */
	public void transferTo(Path file) throws IOException {
		Files.write(file, this.content);
	}

	@Override
	public String toString() {
		return "Upload '" + this.name + "' (" + this.filename + ", " + this.contentType + ", " + size() + " bytes)";
	}

}
