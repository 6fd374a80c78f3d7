package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fastro.http.internal.FileBody;
import dev.fastro.http.internal.FileResults;

import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.InputStreamResource;
import org.springframework.core.io.Resource;

/**
 * The results that are files: a Spring {@link Resource}, a {@link Path} (a
 * {@link FileSystemResource}), and the files that static resources find. A resource of
 * the file system is sent as a file, any other (one in a jar, say) read as a stream; its
 * content type follows its name ({@link FileContentTypes}).
 */
public final class ResourceResults implements FileResults {

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
			return FileBody.ofFile(file, Files.size(file), contentType);
		}
		// An InputStreamResource can be read once: its length, as Spring would count it,
		// would take its content.
		long length = (resource.getClass() == InputStreamResource.class) ? -1 : resource.contentLength();
		return FileBody.ofStream(resource.getDescription(), resource::getInputStream, length, contentType);
	}

}
