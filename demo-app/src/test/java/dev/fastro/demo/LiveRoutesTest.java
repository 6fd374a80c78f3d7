package dev.fastro.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import dev.fastro.autoconfigure.LocalFastroPort;
import dev.fastro.test.client.FastroTestClient;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The routes of the live page over HTTP, without a browser: the upload form's answers,
 * and a chat that a client reading slowly does not hold back. {@link DemoPageBrowserTest}
 * drives the page itself.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class LiveRoutesTest {

	@LocalFastroPort
	int port;

	@Test
	void uploadIsAnsweredWithWhatWasReceived() {
		// Over the 16 KB kept in memory: Fastro streams it to a temporary file.
		byte[] clip = new byte[100_000];
		assertThat(client().post("/live/uploads").file("file", "clip.mp4", "video/mp4", clip).exchange()).hasStatus(200)
			.hasJsonBody("{\"name\":\"clip.mp4\",\"size\":100000,\"contentType\":\"video/mp4\"}");
	}

	@Test
	void uploadOfAFileInputLeftEmptyIsBadRequest() {
		// What a browser sends for a file input left empty.
		assertThat(client().post("/live/uploads").file("file", "", "application/octet-stream", new byte[0]).exchange())
			.isProblem(400, "No file in the field 'file'");
	}

	@Test
	void aClientThatReadsNothingHoldsNoOneElseBack() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		// Asks for no message at all: its socket's buffers fill, and it falls behind.
		WebSocket stalled = open(http, new WebSocket.Listener() {

			@Override
			public void onOpen(WebSocket socket) {
			}

		});
		Texts talker = new Texts();
		WebSocket talking = open(http, talker);
		// More than the sockets' buffers hold, so that the writes to the stalled client
		// stop.
		String filler = "x".repeat(4096);
		int messages = 1000;
		for (int i = 0; i < messages; i++) {
			talking.sendText(i + " " + filler, true).join();
		}
		List<String> numbers = new ArrayList<>();
		String text;
		while (numbers.size() < messages && (text = talker.texts.poll(10, TimeUnit.SECONDS)) != null) {
			numbers.add(text.substring(0, text.indexOf(' ')));
		}
		// By their numbers: the filler would drown what a failure says.
		assertThat(numbers).isEqualTo(IntStream.range(0, messages).mapToObj(String::valueOf).toList());
		stalled.abort();
		talking.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
	}

	private FastroTestClient client() {
		return FastroTestClient.bindToServer(this.port, JsonMapper.builder().build());
	}

	private WebSocket open(HttpClient http, WebSocket.Listener listener) throws Exception {
		return http.newWebSocketBuilder()
			.buildAsync(URI.create("ws://127.0.0.1:" + this.port + "/live/chat"), listener)
			.get(10, TimeUnit.SECONDS);
	}

	/** Collects the texts received, each whole however many parts it arrives in. */
	static final class Texts implements WebSocket.Listener {

		final BlockingQueue<String> texts = new LinkedBlockingQueue<>();

		private final StringBuilder text = new StringBuilder();

		@Override
		public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
			this.text.append(data);
			if (last) {
				this.texts.add(this.text.toString());
				this.text.setLength(0);
			}
			socket.request(1);
			return null;
		}

	}

}
