package dev.fastro.http.internal;

import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
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

	private final String etag;

	private final Instant lastModified;

	private FileBody(Path path, Callable<InputStream> stream, String name, long length, String contentType,
			String contentEncoding, boolean varies, String etag, Instant lastModified) {
		this.path = path;
		this.stream = stream;
		this.name = name;
		this.length = length;
		this.contentType = contentType;
		this.contentEncoding = contentEncoding;
		this.varies = varies;
		this.etag = etag;
		this.lastModified = lastModified;
	}

	/**
	 * A file on the file system.
	 * @param path the file, a regular one
	 * @param length its length in bytes
	 * @param contentType its media type, or {@code null} for
	 * {@code application/octet-stream}
	 */
	public static FileBody ofFile(Path path, long length, String contentType) {
		return new FileBody(path, null, path.toString(), length, contentType, null, false, null, null);
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
		return new FileBody(null, stream, name, length, contentType, null, false, null, null);
	}

	/**
	 * This file, as a variant of another one in a content coding, such as its Brotli
	 * form: its {@code content-encoding}, and its {@code content-type} the other one's.
	 * @param coding the content coding, such as {@code br}
	 */
	public FileBody encoded(String coding) {
		String tag = (this.etag != null) ? this.etag.substring(0, this.etag.length() - 1) + "-" + coding + '"' : null;
		return new FileBody(this.path, this.stream, this.name, this.length, this.contentType, coding, this.varies, tag,
				this.lastModified);
	}

	/**
	 * This file, sent with {@code Vary: Accept-Encoding}: one of several variants chosen
	 * by the request's {@code Accept-Encoding}.
	 */
	public FileBody varying() {
		return new FileBody(this.path, this.stream, this.name, this.length, this.contentType, this.contentEncoding,
				true, this.etag, this.lastModified);
	}

	/**
	 * This file, with the validators that a conditional request about it is evaluated
	 * against, and that its answer carries: {@code ETag} and {@code Last-Modified}. A
	 * variant in a content coding ({@link #encoded}) has its entity tag with the coding
	 * after it, so that no two variants share one.
	 * @param etag its strong entity tag, quoted, or {@code null} for none
	 * @param lastModified when it last changed, or {@code null} to send no
	 * {@code Last-Modified}
	 */
	public FileBody validated(String etag, Instant lastModified) {
		return new FileBody(this.path, this.stream, this.name, this.length, this.contentType, this.contentEncoding,
				this.varies, etag, lastModified);
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

	/** Its entity tag, or {@code null}. */
	String etag() {
		return this.etag;
	}

	/** When it last changed, or {@code null} when no {@code Last-Modified} is sent. */
	Instant lastModified() {
		return this.lastModified;
	}

	@Override
	public String toString() {
		return this.name;
	}

}
