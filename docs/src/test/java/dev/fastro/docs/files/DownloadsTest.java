package dev.fastro.docs.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import dev.fastro.test.autoconfigure.AutoConfigureFastroTestClient;
import dev.fastro.test.client.FastroTestClient;
import dev.fastro.test.client.TestResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Downloads" and "Ranges" of the Static files page, over HTTP: a {@code Resource} and a
 * {@code Path} that handlers return, and the byte ranges of RFC 9110.
 */
@SpringBootTest(classes = FilesApp.class,
		properties = { "fastro.server.port=0", "spring.web.resources.add-mappings=false" })
@AutoConfigureFastroTestClient
class DownloadsTest {

	private static final String PRICE_LIST = "item,price\ntea,4.50\ncoffee,5.20\n";

	private static final byte[] INVOICE = invoice();

	@TempDir
	static Path invoices;

	@TempDir
	static Path reports;

	@Autowired
	FastroTestClient client;

	@DynamicPropertySource
	static void invoicesDir(DynamicPropertyRegistry registry) {
		registry.add("shop.invoices-dir", () -> invoices.toString());
		registry.add("shop.reports-dir", () -> reports.toString());
	}

	@BeforeAll
	static void writeFiles() throws IOException {
		Files.write(invoices.resolve("invoice-7.pdf"), INVOICE);
		Files.writeString(reports.resolve("2024.csv"), "month,total\n12,42\n");
	}

	@Test
	void sendsAResourceOfTheClassPathWithTheContentTypeOfItsName() {
		assertThat(this.client.get("/price-list").exchange()).hasStatus(200)
			.hasContentType("text/csv; charset=utf-8")
			.hasHeader("content-length", Integer.toString(PRICE_LIST.length()))
			.hasHeader("accept-ranges", "bytes")
			.hasBody(PRICE_LIST);
	}

	@Test
	void sendsAPathAsAnAttachment() {
		TestResponse invoice = this.client.get("/invoices/7").exchange();
		assertThat(invoice).hasStatus(200)
			.hasContentType("application/pdf")
			.hasHeader("content-disposition", "attachment; filename=\"invoice-7.pdf\"")
			.hasHeader("content-length", "1000");
		assertThat(invoice.bodyBytes()).isEqualTo(INVOICE);
		assertThat(this.client.head("/invoices/7").exchange()).hasStatus(200)
			.hasHeader("content-length", "1000")
			.hasEmptyBody();
	}

	@Test
	void sendsAPathOfTheFileSystem() {
		assertThat(this.client.get("/reports/2024").exchange()).hasStatus(200)
			.hasContentType("text/csv; charset=utf-8")
			.hasBody("month,total\n12,42\n");
	}

	@Test
	void answersAFileThatDoesNotExistWith404() {
		assertThat(this.client.get("/reports/2023").exchange()).isProblem(404, "No file for GET /reports/2023");
		assertThat(this.client.get("/invoices/8").exchange()).isProblem(404, "No invoice 8")
			.doesNotHaveHeader("content-disposition");
		assertThat(this.client.get("/reports/..%2f..%2fetc%2fpasswd").exchange()).hasStatus(400);
		assertThat(this.client.get("/reports/secret").exchange()).hasStatus(404);
	}

	@Test
	void sendsOneRange() {
		TestResponse range = this.client.get("/invoices/7").header("range", "bytes=0-99").exchange();
		assertThat(range).hasStatus(206)
			.hasContentType("application/pdf")
			.hasHeader("content-range", "bytes 0-99/1000")
			.hasHeader("content-length", "100");
		assertThat(range.bodyBytes()).isEqualTo(Arrays.copyOfRange(INVOICE, 0, 100));
		TestResponse last = this.client.get("/invoices/7").header("range", "bytes=-10").exchange();
		assertThat(last).hasStatus(206).hasHeader("content-range", "bytes 990-999/1000");
		TestResponse rest = this.client.get("/invoices/7").header("range", "bytes=900-").exchange();
		assertThat(rest).hasStatus(206).hasHeader("content-range", "bytes 900-999/1000");
	}

	@Test
	void sendsSeveralRangesAsMultipartByteranges() {
		TestResponse ranges = this.client.get("/invoices/7").header("range", "bytes=0-9, 500-509").exchange();
		assertThat(ranges).hasStatus(206).doesNotHaveHeader("content-range");
		assertThat(ranges.header("content-type")).startsWith("multipart/byteranges; boundary=");
		assertThat(ranges.bodyString()).contains("content-type: application/pdf\r\ncontent-range: bytes 0-9/1000")
			.contains("content-range: bytes 500-509/1000");
	}

	@Test
	void answersARangeBeyondTheFileWith416() {
		assertThat(this.client.get("/invoices/7").header("range", "bytes=1000-").exchange()).hasStatus(416)
			.hasHeader("content-range", "bytes */1000")
			.hasContentType("application/problem+json");
	}

	@Test
	void sendsTheWholeFileForARangeItIgnores() {
		for (String range : new String[] { "bytes=9-1", "items=0-9", "bytes=0-999, 0-999" }) {
			assertThat(this.client.get("/invoices/7").header("range", range).exchange()).as(range)
				.hasStatus(200)
				.hasHeader("content-length", "1000");
		}
		assertThat(this.client.head("/invoices/7").header("range", "bytes=0-9").exchange()).hasStatus(200);
	}

	private static byte[] invoice() {
		byte[] invoice = new byte[1000];
		byte[] header = "%PDF-1.7\n".getBytes(StandardCharsets.US_ASCII);
		System.arraycopy(header, 0, invoice, 0, header.length);
		for (int i = header.length; i < invoice.length; i++) {
			invoice[i] = (byte) ('a' + i % 26);
		}
		return invoice;
	}

}
