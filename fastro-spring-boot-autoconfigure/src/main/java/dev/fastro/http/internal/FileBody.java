package dev.fastro.http.internal;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * A file to answer with, as the {@link ResultWriter} sends it: one on the file system,
 * which goes out as it is (without passing through the heap where the connection allows),
 * or any other content read as a stream, such as a resource in a jar. Made by
 * {@link FileResults} on the blocking scheduler, once the file is known to exist: it
 * holds nothing open.
 */
public final class FileBody {

	private final Path path;

	private final Callable<InputStream> stream;

	private final String name;

	private final long length;

	private final String contentType;

	private final String contentEncoding;

	private final boolean varies;

	private FileBody(Path path, Callable<InputStream> stream, String name, long length, String contentType,
			String contentEncoding, boolean varies) {
		this.path = path;
		this.stream = stream;
		this.name = name;
		this.length = length;
		this.contentType = contentType;
		this.contentEncoding = contentEncoding;
		this.varies = varies;
	}

	/**
	 * A file on the file system.
	 * @param path the file, a regular one
	 * @param length its length in bytes
	 * @param contentType its media type, or {@code null} for
	 * {@code application/octet-stream}
	 */
	public static FileBody ofFile(Path path, long length, String contentType) {
		return new FileBody(path, null, path.toString(), length, contentType, null, false);
	}

	/**
	 * Content read as a stream, opened on the blocking scheduler once its answer is due.
	 * @param name what names it in logs
	 * @param stream opens the content from its start
	 * @param length its length in bytes, or {@code -1} when it is unknown: it is then
	 * sent without {@code content-length}, and ranges of it are not served
	 * @param contentType its media type, or {@code null} for
	 * {@code application/octet-stream}
	 */
	public static FileBody ofStream(String name, Callable<InputStream> stream, long length, String contentType) {
		return new FileBody(null, stream, name, length, contentType, null, false);
	}

	/**
	 * This file, as a variant of another one in a content coding, such as its Brotli
	 * form: its {@code content-encoding}, and its {@code content-type} the other one's.
	 * @param coding the content coding, such as {@code br}
	 */
	public FileBody encoded(String coding) {
		return new FileBody(this.path, this.stream, this.name, this.length, this.contentType, coding, this.varies);
	}

	/**
	 * This file, sent with {@code Vary: Accept-Encoding}: one of several variants chosen
	 * by the request's {@code Accept-Encoding}.
	 */
	public FileBody varying() {
		return new FileBody(this.path, this.stream, this.name, this.length, this.contentType, this.contentEncoding,
				true);
	}

	/** The file on the file system, or {@code null} when it is read as a stream. */
	Path path() {
		return this.path;
	}

	/** Opens the content as a stream; blocks. */
	InputStream openStream() throws Exception {
		return this.stream.call();
	}

	/** Its length in bytes, or {@code -1} when it is unknown. */
	long length() {
		return this.length;
	}

	String contentType() {
		return this.contentType;
	}

	String contentEncoding() {
		return this.contentEncoding;
	}

	boolean varies() {
		return this.varies;
	}

	@Override
	public String toString() {
		return this.name;
	}

}
