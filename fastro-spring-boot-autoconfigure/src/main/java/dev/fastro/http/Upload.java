package dev.fastro.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import io.netty.handler.codec.http.HttpUtil;

/**
 * A part of a {@code multipart/form-data} body, as {@link Context#upload(String)} and
 * {@link Context#parts()} give it: the part's field name, the file name and content type
 * the client gave, and its content, held in memory when it is small (up to
 * {@code fastro.multipart.file-size-threshold}), in a temporary file otherwise. The
 * temporary file is deleted when the request ends: {@link #transferTo(Path)} keeps it.
 *
 * <pre>{@code
 * Upload avatar = ctx.upload("avatar");
 * avatar.transferTo(directory.resolve(UUID.randomUUID() + ".png"));
 * }</pre>
 *
 * Reading a part held in a file blocks: do it in a {@link Handler#blocking} handler.
 */
public final class Upload {

	/** The largest array the JVM allocates. */
	private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

	private final String name;

	private final String filename;

	private final String contentType;

	private final byte[] content;

	private final Path file;

	private final long size;

	/** Where {@link #transferTo} moved the file to, or {@code null}. */
	private volatile Path movedTo;

	/**
	 * A part held in memory.
	 * @param name the form field it was sent in
	 * @param filename the file name the client gave, possibly empty, never a path to
	 * trust; {@code null} for a form field
	 * @param contentType its content type, {@code application/octet-stream} when the
	 * client named none
	 * @param content its bytes, not copied
	 */
	public Upload(String name, String filename, String contentType, byte[] content) {
		this.name = name;
		this.filename = filename;
		this.contentType = contentType;
		this.content = content;
		this.file = null;
		this.size = content.length;
	}

	/**
	 * A part held in a file.
	 * @param name the form field it was sent in
	 * @param filename the file name the client gave, possibly empty, never a path to
	 * trust; {@code null} for a form field
	 * @param contentType its content type, {@code application/octet-stream} when the
	 * client named none
	 * @param file the file that holds its content, as it is: {@link #transferTo} moves it
	 * @param size its length in bytes
	 */
	public Upload(String name, String filename, String contentType, Path file, long size) {
		this.name = name;
		this.filename = filename;
		this.contentType = contentType;
		this.content = null;
		this.file = file;
		this.size = size;
	}

	/** The form field it was sent in. */
	public String name() {
		return this.name;
	}

	/**
	 * The file name the client gave: empty when a form's file input was left empty, and
	 * {@code null} for a part that is a form field rather than a file, as
	 * {@link Context#parts()} gives them. Never use it as a path as it is: it may hold
	 * {@code ..} or a directory.
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
		return this.size;
	}

	/**
	 * Whether its content is held in memory, rather than in a temporary file: a part no
	 * larger than {@code fastro.multipart.file-size-threshold} is.
	 */
	public boolean isInMemory() {
		return this.content != null;
	}

	/**
	 * Its content. The array of a part held in memory is the upload's own, not a copy; a
	 * part held in a file is read into a new array on each call, up to 2 GB.
	 * @throws IllegalStateException for a part larger than 2 GB, which no array holds:
	 * read it with {@link #inputStream()} or {@link #transferTo(Path)}; or after
	 * {@link #transferTo(Path)} moved its file
	 * @throws UncheckedIOException if its file cannot be read
	 */
	public byte[] bytes() {
		if (this.content != null) {
			return this.content;
		}
		if (this.size > MAX_ARRAY) {
			throw new IllegalStateException(
					this + " is too large for an array: read it with inputStream() or " + "transferTo(Path)");
		}
		try {
			return Files.readAllBytes(file());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Its content as text, in the charset its content type names, UTF-8 when it names
	 * none: the value of a form field.
	 */
	public String text() {
		Charset charset = (this.contentType != null) ? HttpUtil.getCharset(this.contentType, StandardCharsets.UTF_8)
				: StandardCharsets.UTF_8;
		return new String(bytes(), charset);
	}

	/**
	 * Its content as a stream, read from memory or from its file.
	 * @throws UncheckedIOException if its file cannot be opened
	 * @throws IllegalStateException after {@link #transferTo(Path)} moved its file
	 */
	public InputStream inputStream() {
		if (this.content != null) {
			return new ByteArrayInputStream(this.content);
		}
		try {
			return Files.newInputStream(file());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Writes its content to a file, replacing the file if it exists. A part held in a
	 * temporary file has it moved there, as Spring's {@code MultipartFile} does, without
	 * copying when both are on one file system; its content cannot be read again
	 * afterwards.
	 * @throws IOException if the file cannot be written
	 * @throws IllegalStateException when its file has been moved already
	 */
	public void transferTo(Path destination) throws IOException {
		if (this.content != null) {
			Files.write(destination, this.content);
			return;
		}
		Files.move(file(), destination, StandardCopyOption.REPLACE_EXISTING);
		this.movedTo = destination;
	}

	private Path file() {
		Path moved = this.movedTo;
		if (moved != null) {
			throw new IllegalStateException(this + " has been moved to " + moved + " already");
		}
		return this.file;
	}

	@Override
	public String toString() {
		return "Upload '" + this.name + "' (" + this.filename + ", " + this.contentType + ", " + this.size + " bytes)";
	}

}
