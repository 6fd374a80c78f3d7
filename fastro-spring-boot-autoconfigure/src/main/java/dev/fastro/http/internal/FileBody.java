package dev.fastro.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.concurrent.Callable;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * A file to answer with, as the {@link ResultWriter} sends it: one on the file system,
 * which goes out as it is (without passing through the heap where the connection allows),
 * or any other content read as a stream, such as a resource in a jar. Made by
 * {@link FileResults} on the blocking scheduler, once the file is known to exist: it
 * holds nothing open, but may hold a small file's content in memory.
 */
public final class FileBody {

	private final Path path;

	private final Callable<InputStream> stream;

	private final String name;

	private final long length;

	private final long modified;

	private final String contentType;

	private final String contentEncoding;

	private final boolean varies;

	private final String etag;

	private final Instant lastModified;

	private final ByteBuffer content;

	private FileBody(Path path, Callable<InputStream> stream, String name, long length, long modified,
			String contentType, String contentEncoding, boolean varies, String etag, Instant lastModified,
			ByteBuffer content) {
		this.path = path;
		this.stream = stream;
		this.name = name;
		this.length = length;
		this.modified = modified;
		this.contentType = contentType;
		this.contentEncoding = contentEncoding;
		this.varies = varies;
		this.etag = etag;
		this.lastModified = lastModified;
		this.content = content;
	}

	/**
	 * A file on the file system.
	 * @param path the file, a regular one
	 * @param length its length in bytes
	 * @param modified its modification time, in milliseconds since the epoch, by which
	 * {@link #isCurrent} tells it changed
	 * @param contentType its media type, or {@code null} for
	 * {@code application/octet-stream}
	 */
	public static FileBody ofFile(Path path, long length, long modified, String contentType) {
		return new FileBody(path, null, path.toString(), length, modified, contentType, null, false, null, null, null);
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
		return new FileBody(null, stream, name, length, 0, contentType, null, false, null, null, null);
	}

	/**
	 * This file, as a variant of another one in a content coding, such as its Brotli
	 * form: its {@code content-encoding}, and its {@code content-type} the other one's.
	 * @param coding the content coding, such as {@code br}
	 */
	public FileBody encoded(String coding) {
		String tag = (this.etag != null) ? this.etag.substring(0, this.etag.length() - 1) + "-" + coding + '"' : null;
		return new FileBody(this.path, this.stream, this.name, this.length, this.modified, this.contentType, coding,
				this.varies, tag, this.lastModified, this.content);
	}

	/**
	 * This file, sent with {@code Vary: Accept-Encoding}: one of several variants chosen
	 * by the request's {@code Accept-Encoding}.
	 */
	public FileBody varying() {
		return new FileBody(this.path, this.stream, this.name, this.length, this.modified, this.contentType,
				this.contentEncoding, true, this.etag, this.lastModified, this.content);
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
		return new FileBody(this.path, this.stream, this.name, this.length, this.modified, this.contentType,
				this.contentEncoding, this.varies, etag, lastModified, this.content);
	}

	/**
	 * This file with its content held in memory, from where it is sent from now on, or
	 * this file as it is when its content is not as long as it was found to be, having
	 * changed since; blocks: it reads the content. Meant for small files, asked often.
	 * @throws IOException when the content cannot be read
	 */
	public FileBody inMemory() throws IOException {
		if (this.length < 0 || this.length > Integer.MAX_VALUE) {
			return this;
		}
		ByteBuffer content = ByteBuffer.allocateDirect((int) this.length);
		try (InputStream in = (this.path != null) ? Files.newInputStream(this.path) : openStream()) {
			// One byte more than it should have tells a file that grew.
			byte[] chunk = new byte[(int) Math.min(this.length + 1, FileChunks.CHUNK)];
			for (int n = in.read(chunk); n > 0; n = in.read(chunk)) {
				if (n > content.remaining()) {
					return this;
				}
				content.put(chunk, 0, n);
			}
		}
		catch (IOException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IOException(ex);
		}
		if (content.hasRemaining()) {
			return this;
		}
		return new FileBody(this.path, this.stream, this.name, this.length, this.modified, this.contentType,
				this.contentEncoding, this.varies, this.etag, this.lastModified, content.flip().asReadOnlyBuffer());
	}

	/**
	 * Whether its content is held in memory ({@link #inMemory}), so that sending it reads
	 * no file.
	 */
	public boolean isInMemory() {
		return this.content != null;
	}

	/**
	 * Whether this is a file of the file system, sent as one, rather than content read as
	 * a stream, such as a resource in a jar: only a file can change under it.
	 */
	public boolean isFile() {
		return this.path != null;
	}

	/**
	 * Whether the file is still the one this describes: there, as long and as recently
	 * modified; content read as a stream always is. Blocks: it reads the file's
	 * attributes.
	 * @throws IOException when they cannot be read
	 */
	public boolean isCurrent() throws IOException {
		if (this.path == null) {
			return true;
		}
		try {
			BasicFileAttributes attributes = Files.readAttributes(this.path, BasicFileAttributes.class);
			return attributes.size() == this.length && attributes.lastModifiedTime().toMillis() == this.modified;
		}
		catch (NoSuchFileException ex) {
			return false;
		}
	}

	/** The file on the file system, or {@code null} when it is read as a stream. */
	Path path() {
		return this.path;
	}

	/**
	 * {@code count} bytes of its content from {@code position}, when it is held in
	 * memory, in a buffer of their own to send.
	 */
	ByteBuf content(long position, long count) {
		return Unpooled.wrappedBuffer(this.content.slice((int) position, (int) count));
	}

	/** Opens the content as a stream; blocks. */
	InputStream openStream() throws Exception {
		return this.stream.call();
	}

	/** Its length in bytes, or {@code -1} when it is unknown. */
	public long length() {
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
