package dev.fastro.http.internal;

import java.nio.file.Path;

/**
 * How {@code multipart/form-data} bodies are decoded as they arrive.
 *
 * @param fileSizeThreshold the size past which a part goes to a temporary file
 * @param maxFileSize the largest part, in bytes
 * @param maxRequestSize the largest multipart body, in bytes
 * @param maxParts the most parts one body may carry
 * @param maxPartHeaderSize the largest head of a part, in bytes
 * @param location the directory of the temporary files
 */
public record MultipartSettings(long fileSizeThreshold, long maxFileSize, long maxRequestSize, int maxParts,
		int maxPartHeaderSize, Path location) {

	/** What {@code fastro.multipart.*} defaults to. */
	public static final MultipartSettings DEFAULTS = new MultipartSettings(16 << 10, 1 << 20, 10 << 20, 50, 8 << 10,
			Path.of(System.getProperty("java.io.tmpdir")));

}
