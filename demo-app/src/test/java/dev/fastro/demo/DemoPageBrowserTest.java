package dev.fastro.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.fastro.autoconfigure.LocalFastroPort;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.Color;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The demo page in a real browser: Debian's Chromium, headless, driven through its
 * ChromeDriver, loads the page, its style sheet and its script from the demo's static
 * resources, and the script fills the page with the JSON of the demo's API. Skipped when
 * either is not installed.
 */
@SpringBootTest(classes = DemoApplication.class, properties = "fastro.server.port=0")
class DemoPageBrowserTest {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private static final Path SCREENSHOT = Path.of("target", "demo-page.png");

	@LocalFastroPort
	int port;

	private ChromeDriver browser;

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

	/** Saves what the page showed, passed or failed, then closes the browser. */
	@AfterEach
	void quitBrowser() throws IOException {
		if (this.browser == null) {
			return;
		}
		try {
			Files.createDirectories(SCREENSHOT.getParent());
			Files.write(SCREENSHOT, this.browser.getScreenshotAs(OutputType.BYTES));
		}
		finally {
			this.browser.quit();
		}
	}

	@Test
	void showsTheUserTheScriptFetchedStyledByTheStyleSheet() {
		this.browser.get("http://localhost:" + this.port + "/index.html");
		WebElement name = this.browser.findElement(By.id("user-name"));
		// The script's answer is an event: wait for it, with a generous limit.
		new WebDriverWait(this.browser, Duration.ofSeconds(30))
			.until(ExpectedConditions.not(ExpectedConditions.textToBePresentInElement(name, "Loading")));
		assertThat(this.browser.getTitle()).isEqualTo("Fastro demo");
		assertThat(name.getText()).isEqualTo("Ada Lovelace");
		assertThat(this.browser.findElement(By.id("user-email")).getText()).isEqualTo("ada@fastro.dev");
		WebElement card = this.browser.findElement(By.id("user"));
		assertThat(card.getDomAttribute("class")).isEqualTo("card loaded");
		assertThat(Color.fromString(card.getCssValue("border-left-color")).asHex()).isEqualTo("#2e7d32");
		assertThat(Color.fromString(this.browser.findElement(By.tagName("h1")).getCssValue("color")).asHex())
			.isEqualTo("#0b5fff");
	}

}
