package dev.fastro.docs.websocket;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The chat of the WebSocket page, over HTTP with the JDK's WebSocket client: what one
 * client posts reaches the others, and the group's middleware refuses a client that has
 * not signed in.
 */
@SpringBootTest(classes = ChatTest.ChatApp.class, properties = "fastro.server.port=0")
class ChatTest {

	@LocalFastroPort
	int port;

	final HttpClient client = HttpClient.newHttpClient();

	@Test
	void aPostReachesEveryoneInTheChat() throws Exception {
		Texts ada = new Texts();
		Texts bob = new Texts();
		WebSocket adaSocket = open("/chat/rooms/kitchen?user=ada", ada);
		WebSocket bobSocket = open("/chat/rooms/kitchen?user=bob", bob);
		adaSocket.sendText("tea?", true).join();
		assertThat(bob.texts.poll(10, TimeUnit.SECONDS)).isEqualTo("kitchen/ada: tea?");
		assertThat(ada.texts.poll(10, TimeUnit.SECONDS)).isEqualTo("kitchen/ada: tea?");
		adaSocket.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
		bobSocket.sendClose(WebSocket.NORMAL_CLOSURE, "").join();
	}

	@Test
	void refusesAClientThatHasNotSignedIn() {
		assertThatThrownBy(() -> open("/chat/rooms/kitchen", new Texts()))
			.hasStackTraceContaining("Unexpected HTTP response status code 401");
	}

	private WebSocket open(String path, Texts listener) throws Exception {
		return this.client.newWebSocketBuilder()
			.buildAsync(URI.create("ws://127.0.0.1:" + this.port + path), listener)
			.get(10, TimeUnit.SECONDS);
	}

	static final class Texts implements WebSocket.Listener {

		final BlockingQueue<String> texts = new LinkedBlockingQueue<>();

		@Override
		public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
			this.texts.add(data.toString());
			socket.request(1);
			return null;
		}

	}

	@SpringBootApplication
	static class ChatApp {

	}

}
