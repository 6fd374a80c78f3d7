package dev.fastro.http.internal;

import java.io.IOException;
import java.util.ServiceLoader;

/**
 * The results that are files, of types the pipeline does not know itself, such as
 * Spring's {@code Resource}: the {@link ResultWriter} asks about a result of a type it
 * does not write otherwise, before it would write it as JSON, and sends the file it
 * stands for. Given to the {@link Dispatcher} by the auto-configuration, which knows
 * Spring.
 */
public interface FileResults {

	/** No result is a file. */
	FileResults NONE = new FileResults() {

		@Override
		public boolean isFile(Object result) {
			return false;
		}

		@Override
		public FileBody describe(Object result) {
			throw new IllegalArgumentException("Not a file: " + result);
		}

	};

	/**
	 * The results that are files as an application sees them: those of the implementation
	 * that the class path provides as a service (Spring's {@code Resource} and
	 * {@code Path}, from the auto-configuration's jar), or none. Used where no
	 * application context gives them, as when routes are served alone.
	 */
	static FileResults onClassPath() {
		return ServiceLoader.load(FileResults.class, FileResults.class.getClassLoader()).findFirst().orElse(NONE);
	}

	/**
	 * Whether a result is a file. Asked on the event loop of every result that is no
	 * text, bytes, problem or stream, so it checks the type and nothing more.
	 * @param result a handler's result, not {@code null}
	 * @return whether {@link #describe} takes it
	 */
	boolean isFile(Object result);

	/**
	 * The file a result stands for. Called on the blocking scheduler: it may read the
	 * file system.
	 * @param result a result {@link #isFile} took
	 * @return the file, or {@code null} when there is no such readable file (a 404)
	 * @throws IOException when the file cannot be read
	 */
	FileBody describe(Object result) throws IOException;

}
