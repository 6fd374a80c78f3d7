package dev.fastro.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.Color;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The demo's pages in a real browser: Debian's Chromium, headless, driven through its
 * ChromeDriver, loads a page, its style sheet and its script from the demo's static
 * resources. On the demo page the script fills the page with the JSON of the demo's API;
 * the live page, open in two windows, chats over a WebSocket, shows server-sent events
 * and uploads a file; Swagger UI lists the demo's operations from its OpenAPI document.
 * Skipped when either is not installed.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class DemoPageBrowserTest {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private static final Path SCREENSHOTS = Path.of("target");

	@LocalFastroPort
	int port;

	private ChromeDriver browser;

	/** The windows open, each with the name of its screenshot. */
	private final Map<String, String> windows = new LinkedHashMap<>();

	@BeforeEach
	void startBrowser() {
		assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
				() -> "needs " + CHROMIUM + " and " + CHROMEDRIVER + ": apt-get install chromium chromium-driver");
		// The system's driver, so that Selenium Manager looks for nothing and downloads
		// nothing.
		System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
		ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
			.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1024,768");
		this.browser = new ChromeDriver(options);
	}

	/** Saves what each window showed, passed or failed, then closes the browser. */
	@AfterEach
	void quitBrowser() throws IOException {
		if (this.browser == null) {
			return;
		}
		try {
			Files.createDirectories(SCREENSHOTS);
			for (Map.Entry<String, String> window : this.windows.entrySet()) {
				this.browser.switchTo().window(window.getKey());
				Files.write(SCREENSHOTS.resolve(window.getValue()), this.browser.getScreenshotAs(OutputType.BYTES));
			}
		}
		finally {
			this.browser.quit();
		}
	}

	@Test
	void showsTheUserTheScriptFetchedStyledByTheStyleSheet() {
		open("/index.html", "demo-page.png");
		WebElement name = this.browser.findElement(By.id("user-name"));
		// The script's answer is an event: wait for it.
		waitUntil(ExpectedConditions.not(ExpectedConditions.textToBePresentInElement(name, "Loading")));
		assertThat(this.browser.getTitle()).isEqualTo("Fastro demo");
		assertThat(name.getText()).isEqualTo("Ada Lovelace");
		assertThat(this.browser.findElement(By.id("user-email")).getText()).isEqualTo("ada@fastro.dev");
		WebElement card = this.browser.findElement(By.id("user"));
		assertThat(card.getDomAttribute("class")).isEqualTo("card loaded");
		assertThat(Color.fromString(card.getCssValue("border-left-color")).asHex()).isEqualTo("#2e7d32");
		assertThat(Color.fromString(this.browser.findElement(By.tagName("h1")).getCssValue("color")).asHex())
			.isEqualTo("#0b5fff");
	}

	@Test
	void livePageChatsAcrossWindowsAndShowsEventsAndUploads(@TempDir Path files) throws IOException {
		String first = open("/live.html", "live-page-1.png");
		String second = open("/live.html", "live-page-2.png");
		// The chat replays nothing to a window that joins later: both connect first.
		for (String window : List.of(first, second)) {
			this.browser.switchTo().window(window);
			waitUntil(ExpectedConditions.textToBe(By.id("chat-status"), "Connected"));
		}

		this.browser.switchTo().window(first);
		this.browser.findElement(By.id("chat-text")).sendKeys("Hello from the first window");
		this.browser.findElement(By.id("chat-send")).click();
		this.browser.switchTo().window(second);
		waitUntil(ExpectedConditions.textToBePresentInElementLocated(By.id("chat-messages"),
				"Hello from the first window"));

		// The server's clock, a server-sent event.
		waitUntil(ExpectedConditions.attributeToBe(By.id("events"), "class", "card loaded"));
		WebElement clock = this.browser.findElement(By.id("clock"));
		assertThat(Instant.parse(clock.getDomAttribute("datetime"))).isBeforeOrEqualTo(Instant.now());
		assertThat(clock.getText()).doesNotContain("waiting");

		Path notes = Files.writeString(files.resolve("notes.txt"), "Hello, Fastro!\n");
		this.browser.findElement(By.id("upload-file")).sendKeys(notes.toString());
		this.browser.findElement(By.cssSelector("#upload-form button")).click();
		waitUntil(ExpectedConditions.attributeToBe(By.id("upload"), "class", "card loaded"));
		assertThat(this.browser.findElement(By.id("upload-answer")).getText())
			.isEqualTo("Received notes.txt: 15 bytes of text/plain");
		// The upload is an event of every window's feed.
		this.browser.switchTo().window(first);
		waitUntil(
				ExpectedConditions.textToBePresentInElementLocated(By.id("activity"), "Uploaded notes.txt (15 bytes)"));
	}

	@Test
	void swaggerUiShowsTheDemosOperations() {
		open("/swagger-ui.html", "swagger-ui.png");
		// Swagger UI fetches the document, then renders an operation block per route.
		waitUntil(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));
		List<String> operations = this.browser.findElements(By.cssSelector(".opblock-summary"))
			.stream()
			.map((summary) -> summary.findElement(By.cssSelector(".opblock-summary-method")).getText() + " "
					+ summary.findElement(By.cssSelector(".opblock-summary-path")).getDomAttribute("data-path"))
			.toList();
		assertThat(operations).contains("GET /users/{id}", "POST /users", "GET /async/sum", "POST /live/uploads",
				"GET /admin/stats");
		assertThat(this.browser.findElements(By.cssSelector(".errors-wrapper"))).as("Swagger UI's errors").isEmpty();

		// An operation opened lists its parameters.
		WebElement find = this.browser.findElement(By.cssSelector("#operations-users-getUsersById .opblock-summary"));
		find.click();
		waitUntil(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".parameter__name")));
		assertThat(this.browser.findElement(By.cssSelector(".parameter__name")).getText()).startsWith("id");
	}

	/**
	 * Opens the page: in the browser's first window, or in a new one.
	 * @return the window's handle
	 */
	private String open(String page, String screenshot) {
		if (!this.windows.isEmpty()) {
			this.browser.switchTo().newWindow(WindowType.WINDOW);
		}
		String window = this.browser.getWindowHandle();
		this.windows.put(window, screenshot);
		this.browser.get("http://localhost:" + this.port + page);
		return window;
	}

	/** Waits for what a script does on an event, with a generous limit. */
	private void waitUntil(ExpectedCondition<?> condition) {
		new WebDriverWait(this.browser, Duration.ofSeconds(30)).until(condition);
	}

}
