package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import dev.fastro.http.internal.FileBody;
import dev.fastro.http.internal.FileResults;

import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.InputStreamResource;
import org.springframework.core.io.Resource;

/**
 * The results that are files: a Spring {@link Resource}, a {@link Path} (a
 * {@link FileSystemResource}), and the files that static resources find. A resource of
 * the file system is sent as a file, any other (one in a jar, say) read as a stream; its
 * content type follows its name ({@link FileContentTypes}), and its validators are the
 * {@link FileValidators}'.
 */
public final class ResourceResults implements FileResults {

	private final FileValidators validators;

	/**
	 * The results that are files, with the validators Spring Boot's defaults give them,
	 * as routes served without an application context answer them.
	 */
	public ResourceResults() {
		this(new FileValidators(true));
	}

	/**
	 * The results that are files, answered with the validators these give them.
	 * @param validators the validators of files
	 */
	public ResourceResults(FileValidators validators) {
		this.validators = validators;
	}

	@Override
	public boolean isFile(Object result) {
		return result instanceof Resource || result instanceof Path || result instanceof FileBody;
	}

	@Override
	public FileBody describe(Object result) throws IOException {
		if (result instanceof FileBody file) {
			return file;
		}
		Resource resource = (result instanceof Path path) ? new FileSystemResource(path) : (Resource) result;
		if (!resource.isReadable()) {
			return null;
		}
		String contentType = FileContentTypes.of(resource.getFilename());
		if (resource.isFile()) {
			Path file = resource.getFile().toPath();
			BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
			return this.validators.file(file, attributes, contentType);
		}
		// An InputStreamResource can be read once: its length, as Spring would count it,
		// would take its content.
		long length = (resource.getClass() == InputStreamResource.class) ? -1 : resource.contentLength();
		return this.validators.stream(resource, length, contentType);
	}

}
