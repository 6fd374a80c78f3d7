package dev.fastro.perf.harness;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks that a server answers pipelined requests exactly, and in order: it writes
 * several requests in one write on one connection, as wrk does with {@code --pipelined},
 * reads as many answers, and compares each with its expected answer as
 * {@link ResponseVerifier} does.
 */
public final class PipelineVerifier {

	private static final int TIMEOUT_MILLIS = 10_000;

	private PipelineVerifier() {
	}

	/**
	 * Sends the probes' requests in one write and checks the answers.
	 * @param base the server's base URI
	 * @param probes the requests, in the order they are written, and their expected
	 * answers
	 * @return the differences, in words, each naming the answer it is about; empty when
	 * every answer is exactly the expected one
	 * @throws IOException if the server cannot be reached or closes the connection early
	 */
	public static List<String> verify(URI base, List<Probe> probes) throws IOException {
		String host = base.getHost() + ":" + base.getPort();
		ByteArrayOutputStream batch = new ByteArrayOutputStream();
		for (Probe probe : probes) {
			batch.writeBytes(format(probe.request(), host));
		}
		List<String> problems = new ArrayList<>();
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), TIMEOUT_MILLIS);
			socket.setSoTimeout(TIMEOUT_MILLIS);
			OutputStream out = socket.getOutputStream();
			out.write(batch.toByteArray());
			out.flush();
			InputStream in = new BufferedInputStream(socket.getInputStream());
			for (int i = 0; i < probes.size(); i++) {
				RawResponse response = read(in);
				for (String problem : ResponseVerifier.differences(probes.get(i).expected(), response.status(),
						response.headers(), response.body())) {
					problems.add("pipelined answer " + (i + 1) + " of " + probes.size() + " (" + probes.get(i).request()
							+ "): " + problem);
				}
			}
		}
		return problems;
	}

	/**
	 * The request as {@code wrk.format()} writes it: request line, Host, then
	 * Content-Type, the further headers and Content-Length.
	 */
	static byte[] format(Request request, String host) {
		StringBuilder head = new StringBuilder();
		head.append(request.method()).append(' ').append(request.target()).append(" HTTP/1.1\r\n");
		head.append("Host: ").append(host).append("\r\n");
		byte[] body = request.body();
		if (request.contentType() != null) {
			head.append("Content-Type: ").append(request.contentType()).append("\r\n");
		}
		request.headers().forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
		if (body.length > 0) {
			head.append("Content-Length: ").append(body.length).append("\r\n");
		}
		head.append("\r\n");
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		bytes.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
		bytes.writeBytes(body);
		return bytes.toByteArray();
	}

	/**
	 * Reads one HTTP/1.1 response: its status line, its headers (names in lower case) and
	 * its body, delimited by {@code content-length} or chunked.
	 * @param in the connection
	 * @return the response
	 * @throws IOException if the stream ends early or the response cannot be delimited
	 */
	static RawResponse read(InputStream in) throws IOException {
		String statusLine = line(in);
		String[] parts = statusLine.split(" ", 3);
		if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
			throw new IOException("not an HTTP/1.x status line: '" + statusLine + "'");
		}
		int status = Integer.parseInt(parts[1]);
		Map<String, List<String>> headers = new LinkedHashMap<>();
		for (String header = line(in); !header.isEmpty(); header = line(in)) {
			int colon = header.indexOf(':');
			if (colon <= 0) {
				throw new IOException("malformed header line: '" + header + "'");
			}
			headers
				.computeIfAbsent(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), name -> new ArrayList<>())
				.add(header.substring(colon + 1).trim());
		}
		List<String> length = headers.get("content-length");
		List<String> encoding = headers.get("transfer-encoding");
		byte[] body;
		if (encoding != null && encoding.get(encoding.size() - 1).equalsIgnoreCase("chunked")) {
			body = chunked(in);
		}
		else if (length != null) {
			body = exactly(in, Integer.parseInt(length.get(0)));
		}
		else if (status == 204 || status == 304 || status / 100 == 1) {
			body = new byte[0];
		}
		else {
			throw new IOException("status " + status + " answer with neither content-length nor chunked encoding "
					+ "cannot be pipelined");
		}
		return new RawResponse(status, headers, body);
	}

	private static byte[] chunked(InputStream in) throws IOException {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		while (true) {
			String size = line(in);
			int semicolon = size.indexOf(';');
			int length = Integer.parseInt((semicolon < 0) ? size.trim() : size.substring(0, semicolon).trim(), 16);
			if (length == 0) {
				for (String trailer = line(in); !trailer.isEmpty(); trailer = line(in)) {
					// Trailers are not compared.
				}
				return body.toByteArray();
			}
			body.writeBytes(exactly(in, length));
			if (!line(in).isEmpty()) {
				throw new IOException("chunk not followed by CRLF");
			}
		}
	}

	private static byte[] exactly(InputStream in, int length) throws IOException {
		byte[] bytes = in.readNBytes(length);
		if (bytes.length < length) {
			throw new EOFException("body ended after " + bytes.length + " of " + length + " bytes");
		}
		return bytes;
	}

	/** One line without its CRLF. */
	private static String line(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		while (true) {
			int b = in.read();
			if (b < 0) {
				throw new EOFException("connection closed" + ((line.size() > 0) ? " in the middle of a line" : ""));
			}
			if (b == '\n') {
				byte[] bytes = line.toByteArray();
				int end = (bytes.length > 0 && bytes[bytes.length - 1] == '\r') ? bytes.length - 1 : bytes.length;
				return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
			}
			line.write(b);
		}
	}

	/**
	 * One answer as read off the connection.
	 *
	 * @param status the status code
	 * @param headers the headers, names in lower case
	 * @param body the body, de-chunked
	 */
	record RawResponse(int status, Map<String, List<String>> headers, byte[] body) {
	}

}
