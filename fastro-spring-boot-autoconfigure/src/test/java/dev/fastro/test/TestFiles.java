package dev.fastro.test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Files for tests of what a server sends from the file system and from jars: content
 * whose every byte says where it is, files and jars written in a test's directory, and
 * how many of the JVM's file descriptors a file holds open.
 */
public final class TestFiles {

	private TestFiles() {
	}

	/**
	 * {@code length} bytes in which no short run repeats at a nearby offset, so that a
	 * range sent from the wrong place shows.
	 */
	public static byte[] content(int length) {
		byte[] bytes = new byte[length];
		for (int i = 0; i < length; i++) {
			bytes[i] = (byte) ((i * 31 + i / 251) % 253);
		}
		return bytes;
	}

	/** Writes {@code content} at {@code name} under {@code directory}, and returns it. */
	public static Path write(Path directory, String name, byte[] content) {
		try {
			Path file = directory.resolve(name);
			Files.createDirectories(file.getParent());
			return Files.write(file, content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Writes a jar of these entries, name to content, with an entry for each of their
	 * directories as build tools write them, and returns it.
	 */
	public static Path jar(Path file, Map<String, byte[]> entries) {
		try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
			Set<String> directories = new HashSet<>();
			for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
				String name = entry.getKey();
				for (int slash = name.indexOf('/'); slash >= 0; slash = name.indexOf('/', slash + 1)) {
					if (directories.add(name.substring(0, slash + 1))) {
						jar.putNextEntry(new JarEntry(name.substring(0, slash + 1)));
						jar.closeEntry();
					}
				}
				jar.putNextEntry(new JarEntry(name));
				jar.write(entry.getValue());
				jar.closeEntry();
			}
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * How many file descriptors of this JVM have {@code file} open, as Linux lists them;
	 * -1 where it does not.
	 */
	public static long openDescriptors(Path file) {
		Path descriptors = Path.of("/proc/self/fd");
		if (!Files.isDirectory(descriptors)) {
			return -1;
		}
		try (Stream<Path> open = Files.list(descriptors)) {
			Path target = file.toRealPath();
			return open.filter((descriptor) -> target.equals(linkTarget(descriptor))).count();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Path linkTarget(Path descriptor) {
		try {
			return Files.readSymbolicLink(descriptor);
		}
		catch (IOException ex) {
			// Closed since the listing.
			return null;
		}
	}

}
