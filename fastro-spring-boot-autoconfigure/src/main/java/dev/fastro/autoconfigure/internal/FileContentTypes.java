package dev.fastro.autoconfigure.internal;

import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;

/**
 * The content type of a file by its name, from Spring's {@link MediaTypeFactory}: text
 * (and JavaScript and JSON, which are text too) in UTF-8, as Spring Boot's servlet stack
 * sends its static resources and as Fastro sends its own text.
 */
final class FileContentTypes {

	private FileContentTypes() {
	}

	/**
	 * The content type of a file of this name, or {@code null} when its extension is
	 * unknown.
	 */
	static String of(String filename) {
		if (filename == null) {
			return null;
		}
		MediaType type = MediaTypeFactory.getMediaType(filename).orElse(null);
		if (type == null) {
			return null;
		}
		return (type.getCharset() == null && isText(type)) ? type + "; charset=utf-8" : type.toString();
	}

	private static boolean isText(MediaType type) {
		return type.getType().equals("text") || type.equalsTypeAndSubtype(MediaType.APPLICATION_JSON)
				|| (type.getType().equals("application") && type.getSubtype().equals("javascript"));
	}

}
