package dev.fastro.autoconfigure.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import dev.fastro.http.internal.FileBody;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * A place static resources are served from, as
 * {@code spring.web.resources.static-locations} names it: a directory of the file system
 * ({@code file:}), or a directory of the class path ({@code classpath:}), which may be in
 * several jars and directories at once.
 * <p>
 * A resource is found by its {@link ResourcePath}, whose segments cannot leave the
 * location; one found on the file system must also lie in the location's directory once
 * symbolic links are resolved, and under no hidden directory there, or it is not found.
 */
abstract sealed class StaticLocation {

	/**
	 * The location a {@code spring.web.resources.static-locations} entry names, or
	 * {@code null} when it does not exist.
	 * @throws IllegalArgumentException when it is neither on the class path nor on the
	 * file system
	 */
	static StaticLocation of(String location, ResourceLoader loader, FileValidators validators) throws IOException {
		String directory = location.endsWith("/") ? location : location + "/";
		Resource root = loader.getResource(directory);
		if (root instanceof ClassPathResource classPath) {
			return root.exists() ? new OnClassPath(classPath.getPath(), loader.getClassLoader(), location, validators)
					: null;
		}
		if (root.isFile()) {
			Path path = root.getFile().toPath();
			return Files.isDirectory(path) ? new OnFileSystem(path.toRealPath(), location, validators) : null;
		}
		throw new IllegalArgumentException(
				"Static resources are served from 'classpath:' and 'file:' locations, not '" + location + "'");
	}

	private final String name;

	final FileValidators validators;

	StaticLocation(String name, FileValidators validators) {
		this.name = name;
		this.validators = validators;
	}

	/**
	 * The resource at {@code path}, or {@code null} when there is none; blocks.
	 * @param path a {@link ResourcePath}
	 * @param contentType the content type to send it with
	 */
	abstract FileBody find(String path, String contentType) throws IOException;

	/**
	 * A regular file found at {@code path} below {@code root}, or {@code null} when its
	 * real path, symbolic links resolved, leaves {@code root} or passes a hidden
	 * directory.
	 */
	FileBody file(Path root, Path file, String contentType) throws IOException {
		Path real;
		try {
			real = file.toRealPath();
		}
		catch (NoSuchFileException ex) {
			return null;
		}
		if (!real.startsWith(root)) {
			return null;
		}
		BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class);
		if (!attributes.isRegularFile()) {
			return null;
		}
		for (Path segment : root.relativize(real)) {
			if (segment.toString().startsWith(".")) {
				return null;
			}
		}
		return this.validators.file(real, attributes, contentType);
	}

	@Override
	public String toString() {
		return this.name;
	}

	/** A directory of the file system. */
	static final class OnFileSystem extends StaticLocation {

		private final Path root;

		OnFileSystem(Path root, String name, FileValidators validators) {
			super(name, validators);
			this.root = root;
		}

		@Override
		FileBody find(String path, String contentType) throws IOException {
			Path file = this.root;
			for (String segment : path.split("/")) {
				file = file.resolve(segment);
			}
			return file(this.root, file, contentType);
		}

	}

	/**
	 * A directory of the class path. A resource found in a directory rather than a jar,
	 * as when an application runs from its build, is a file and sent as one.
	 */
	static final class OnClassPath extends StaticLocation {

		private final String base;

		private final ClassLoader classLoader;

		OnClassPath(String base, ClassLoader classLoader, String name, FileValidators validators) {
			super(name, validators);
			this.base = base.endsWith("/") ? base : base + "/";
			this.classLoader = classLoader;
		}

		@Override
		FileBody find(String path, String contentType) throws IOException {
			Resource resource = new ClassPathResource(this.base + path, this.classLoader);
			if (!resource.isReadable()) {
				return null;
			}
			if (resource.isFile()) {
				Path file = resource.getFile().toPath();
				Path root = file;
				for (int depth = ResourcePath.depth(path); depth > 0; depth--) {
					root = root.getParent();
				}
				return file(root.toRealPath(), file, contentType);
			}
			return this.validators.stream(resource, resource.contentLength(), contentType);
		}

	}

}
