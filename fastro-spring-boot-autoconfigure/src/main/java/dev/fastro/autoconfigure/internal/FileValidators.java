package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.Callable;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.fastro.http.internal.FileBody;

import org.springframework.core.io.Resource;

/**
 * The validators of the files Fastro answers with: a strong {@code ETag}, the SHA-256 of
 * the file's bytes in base64url, and its {@code Last-Modified}, unless
 * {@code spring.web.resources.cache.use-last-modified} is false. A tag is computed once,
 * on the blocking scheduler, and kept in a bounded cache under the file's identity (its
 * real path, or the URL of a resource in a jar), its length and its modification time, so
 * that a file that changes gets a new tag and an unchanged one is never read again to
 * tell.
 * <p>
 * A resource with no such identity (bytes in memory, a stream) gets none: its content
 * would be read on every request to know its tag.
 */
public final class FileValidators {

	/** Files whose tag is kept: some 150 bytes each. */
	private static final int CACHED = 10_000;

	private static final int BUFFER = 64 * 1024;

	private final Cache<Key, String> tags = Caffeine.newBuilder().maximumSize(CACHED).build();

	private final boolean useLastModified;

	/**
	 * Validators for files.
	 * @param useLastModified whether answers carry {@code Last-Modified}, as
	 * {@code spring.web.resources.cache.use-last-modified} says
	 */
	public FileValidators(boolean useLastModified) {
		this.useLastModified = useLastModified;
	}

	/**
	 * A regular file of the file system, with its validators; blocks.
	 * @param real the file, its real path
	 * @param attributes its attributes, read once with those of the lookup
	 * @param contentType its media type
	 */
	FileBody file(Path real, BasicFileAttributes attributes, String contentType) throws IOException {
		long length = attributes.size();
		long modified = attributes.lastModifiedTime().toMillis();
		return validated(FileBody.ofFile(real, length, modified, contentType), "file:" + real, length, modified,
				() -> Files.newInputStream(real));
	}

	/**
	 * A resource read as a stream, with validators when it is in a jar; blocks.
	 * @param resource the resource, readable
	 * @param length its length, or -1 when it is unknown
	 * @param contentType its media type
	 */
	FileBody stream(Resource resource, long length, String contentType) throws IOException {
		FileBody body = FileBody.ofStream(resource.getDescription(), resource::getInputStream, length, contentType);
		if (length < 0 || !isInJar(resource)) {
			return body;
		}
		return validated(body, resource.getURL().toString(), length, resource.lastModified(), resource::getInputStream);
	}

	private static boolean isInJar(Resource resource) {
		try {
			URL url = resource.getURL();
			return url.getProtocol().equals("jar");
		}
		catch (IOException ex) {
			return false;
		}
	}

	private FileBody validated(FileBody body, String identity, long length, long lastModified,
			Callable<InputStream> content) throws IOException {
		if (lastModified <= 0) {
			// No modification time to tell a changed file by.
			return body;
		}
		Key key = new Key(identity, length, lastModified);
		String tag = this.tags.getIfPresent(key);
		if (tag == null) {
			tag = hash(content, length);
			if (tag != null) {
				this.tags.put(key, tag);
			}
		}
		return body.validated(tag, this.useLastModified ? Instant.ofEpochMilli(lastModified) : null);
	}

	/**
	 * The tag of content of this length, or {@code null} when it was not that long as it
	 * was read: a file being written, whose tag would not be that of the length and time
	 * it is kept under.
	 */
	private static String hash(Callable<InputStream> content, long length) throws IOException {
		MessageDigest digest = sha256();
		long read = 0;
		try (InputStream in = content.call()) {
			byte[] buffer = new byte[BUFFER];
			for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
				digest.update(buffer, 0, n);
				read += n;
			}
		}
		catch (IOException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IOException(ex);
		}
		if (read != length) {
			return null;
		}
		return '"' + Base64.getUrlEncoder().withoutPadding().encodeToString(digest.digest()) + '"';
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform has SHA-256", ex);
		}
	}

	/** What a tag is kept under: a file whose length or time changes is another. */
	private record Key(String identity, long length, long lastModified) {

	}

}
