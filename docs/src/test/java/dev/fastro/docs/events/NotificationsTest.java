package dev.fastro.docs.events;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * "Server-sent events", over HTTP: the JDK's client reads the endless streams of
 * {@link Notifications} line by line, as a browser's {@code EventSource} does.
 */
@SpringBootTest(classes = EventsApp.class, properties = "fastro.server.port=0")
class NotificationsTest {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final HttpClient client = HttpClient.newHttpClient();

	@LocalFastroPort
	int port;

	@Test
	void anEventSourceGetsEachNotificationAsAnEvent() throws Exception {
		try (Stream<String> lines = events("/notifications", "accept", "text/event-stream")) {
			assertThat(firstLines(lines, 8)).containsExactly("id: 1", "event: notification",
					"data: {\"id\":\"1\",\"text\":\"Welcome\"}", "", "id: 2", "event: notification",
					"data: {\"id\":\"2\",\"text\":\"Your order shipped\"}", "");
		}
	}

	@Test
	void aReconnectingEventSourceGetsWhatItMissed() throws Exception {
		try (Stream<String> lines = events("/notifications", "last-event-id", "2")) {
			assertThat(firstLines(lines, 3)).containsExactly("id: 3", "event: notification",
					"data: {\"id\":\"3\",\"text\":\"Your order arrived\"}");
		}
	}

	@Test
	void anyStreamIsEventsForAClientThatAsksForThem() throws Exception {
		try (Stream<String> lines = events("/clock", "accept", "text/event-stream")) {
			assertThat(firstLines(lines, 4)).containsExactly("data: tick 0", "", "data: tick 1", "");
		}
	}

	private Stream<String> events(String path, String... headers) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.headers(headers)
			.build();
		HttpResponse<Stream<String>> response = this.client.send(request, BodyHandlers.ofLines());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
		assertThat(response.headers().firstValue("cache-control")).hasValue("no-cache");
		return response.body();
	}

	/** The first lines of an endless stream, as they arrive. */
	private static List<String> firstLines(Stream<String> lines, int count) {
		return assertTimeoutPreemptively(WAIT, () -> {
			List<String> first = new ArrayList<>();
			Iterator<String> each = lines.iterator();
			while (first.size() < count) {
				first.add(each.next());
			}
			return first;
		});
	}

}
