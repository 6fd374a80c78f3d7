package dev.fastro.perf.harness;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.fastro.perf.Workload;

/**
 * The upload bench's client: one {@code POST} of an {@link UploadBody} on a fresh
 * connection, written from a plain socket as fast as the server takes it, and the answer
 * read back. Timed from just before the request's head is written to the last byte of the
 * answer.
 */
final class UploadClient {

	/**
	 * The client's write buffer: bodies with a length bypass it (their 1 MiB writes are
	 * larger), chunked bodies go out in writes of this size, chunk heads included.
	 */
	private static final int WRITE_BUFFER = 256 * 1024;

	/** Closes the connections of uploads that outlive their time. */
	private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(task -> {
		Thread thread = new Thread(task, "upload-watchdog");
		thread.setDaemon(true);
		return thread;
	});

	private UploadClient() {
	}

	/**
	 * Uploads a body to a server's {@link Workload#UPLOAD_PATH}.
	 * @param port the server's port on 127.0.0.1
	 * @param body the body
	 * @param framing with a {@code content-length} or chunked
	 * @param timeout how long the whole exchange may take: after it, the connection is
	 * closed and the upload fails
	 * @return what happened, a failure included; never thrown
	 */
	static UploadResult upload(int port, UploadBody body, UploadFraming framing, Duration timeout) {
		String head = "POST " + Workload.UPLOAD_PATH + " HTTP/1.1\r\nhost: 127.0.0.1:" + port
				+ "\r\ncontent-type: application/octet-stream\r\n" + ((framing == UploadFraming.CHUNKED)
						? "transfer-encoding: chunked\r\n" : "content-length: " + body.length() + "\r\n")
				+ "\r\n";
		long start = 0;
		long written = 0;
		AtomicBoolean timedOut = new AtomicBoolean();
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
			socket.setSoTimeout((int) timeout.toMillis());
			ScheduledFuture<?> watchdog = WATCHDOG.schedule(() -> {
				timedOut.set(true);
				closeQuietly(socket);
			}, timeout.toMillis(), TimeUnit.MILLISECONDS);
			try {
				start = System.nanoTime();
				OutputStream out = new BufferedOutputStream(socket.getOutputStream(), WRITE_BUFFER);
				IOException writeFailure = null;
				try {
					out.write(head.getBytes(StandardCharsets.US_ASCII));
					body.writeTo(out, framing);
					out.flush();
				}
				catch (IOException ex) {
					// The server may have answered early (a 413, say) and closed: read
					// what it said.
					writeFailure = ex;
				}
				written = System.nanoTime();
				Answer answer;
				try {
					answer = Answer.read(new BufferedInputStream(socket.getInputStream()));
				}
				catch (IOException ex) {
					throw (writeFailure != null) ? writeFailure : ex;
				}
				long end = System.nanoTime();
				String error = (writeFailure != null)
						? "the server answered before the body was sent whole (" + writeFailure.getMessage() + ")"
						: null;
				return new UploadResult(framing, body.length(), end - start, written - start, answer.status(),
						answer.body(), error);
			}
			finally {
				watchdog.cancel(false);
			}
		}
		catch (IOException ex) {
			long end = System.nanoTime();
			String error = (timedOut.get() ? "timed out after " + timeout + ": " : "") + ex;
			return new UploadResult(framing, body.length(), (start != 0) ? end - start : 0,
					(written != 0) ? written - start : 0, 0, "", error);
		}
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ignored) {
			// Closing to stop an upload that took too long.
		}
	}

	/**
	 * An HTTP/1.1 answer: its status and body, read by its {@code content-length}, its
	 * chunks, or to the end of the connection. Interim {@code 1xx} answers are skipped.
	 */
	record Answer(int status, String body) {

		private static final int MAX_HEAD = 64 * 1024;

		static Answer read(InputStream in) throws IOException {
			while (true) {
				String head = readHead(in);
				String[] lines = head.split("\r\n");
				String[] statusLine = lines[0].split(" ", 3);
				if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
					throw new IOException("not an HTTP answer: " + lines[0]);
				}
				int status = Integer.parseInt(statusLine[1]);
				Map<String, String> headers = new HashMap<>();
				for (int i = 1; i < lines.length; i++) {
					int colon = lines[i].indexOf(':');
					if (colon > 0) {
						headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
								lines[i].substring(colon + 1).trim());
					}
				}
				if (status >= 100 && status < 200) {
					continue;
				}
				byte[] body;
				if (headers.containsKey("content-length")) {
					int length = Integer.parseInt(headers.get("content-length"));
					body = in.readNBytes(length);
					if (body.length < length) {
						throw new IOException("the answer ended after " + body.length + " of " + length + " bytes");
					}
				}
				else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
					body = readChunks(in);
				}
				else {
					body = in.readAllBytes();
				}
				return new Answer(status, new String(body, StandardCharsets.UTF_8));
			}
		}

		private static String readHead(InputStream in) throws IOException {
			ByteArrayOutputStream head = new ByteArrayOutputStream();
			int matched = 0;
			while (matched < 4) {
				int b = in.read();
				if (b < 0) {
					throw new IOException("the connection closed before an answer"
							+ ((head.size() > 0) ? ", after: " + head.toString(StandardCharsets.US_ASCII) : ""));
				}
				head.write(b);
				if (head.size() > MAX_HEAD) {
					throw new IOException("an answer's head longer than " + MAX_HEAD + " bytes");
				}
				matched = (b == ((matched % 2 == 0) ? '\r' : '\n')) ? matched + 1 : ((b == '\r') ? 1 : 0);
			}
			String text = head.toString(StandardCharsets.US_ASCII);
			return text.substring(0, text.length() - 4);
		}

		private static byte[] readChunks(InputStream in) throws IOException {
			ByteArrayOutputStream body = new ByteArrayOutputStream();
			while (true) {
				String sizeLine = readLine(in);
				int semicolon = sizeLine.indexOf(';');
				int size = Integer
					.parseInt((semicolon >= 0) ? sizeLine.substring(0, semicolon).trim() : sizeLine.trim(), 16);
				if (size == 0) {
					while (!readLine(in).isEmpty()) {
						// trailers
					}
					return body.toByteArray();
				}
				body.write(in.readNBytes(size));
				readLine(in);
			}
		}

		private static String readLine(InputStream in) throws IOException {
			StringBuilder line = new StringBuilder();
			for (int b = in.read(); b != '\n'; b = in.read()) {
				if (b < 0) {
					throw new IOException("the connection closed inside a chunked answer");
				}
				if (b != '\r') {
					line.append((char) b);
				}
			}
			return line.toString();
		}

	}

}
