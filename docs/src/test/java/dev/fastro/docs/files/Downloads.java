package dev.fastro.docs.files;

// tag::downloads[]
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fastro.http.Handler;
import dev.fastro.http.HttpException;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.ContentDisposition;

@Configuration(proxyBeanMethods = false)
public class Downloads {

	@Bean
	Routes downloadRoutes(@Value("${shop.reports-dir}") Path reports, @Value("${shop.invoices-dir}") Path invoices) {
		return Routes.builder()
			// a file of the class path: text/csv, by its name
			.get("/price-list", (ctx) -> new ClassPathResource("downloads/price-list.csv"))
			// a file of the file system, or a 404 when there is none;
			// its name is made of digits, never of the path as sent
			.get("/reports/{year:[0-9]{4}}", (ctx) -> reports.resolve(ctx.param("year") + ".csv"))
			// a download the browser saves rather than shows
			.get("/invoices/{id:[0-9]+}", Handler.blocking((ctx) -> {
				Path invoice = invoices.resolve("invoice-" + ctx.param("id") + ".pdf");
				// checked first, on a blocking route: a 404 of its own, without the
				// header below
				if (!Files.isRegularFile(invoice)) {
					throw HttpException.notFound("No invoice " + ctx.param("id"));
				}
				ContentDisposition attachment = ContentDisposition.attachment()
					.filename(invoice.getFileName().toString())
					.build();
				return Response.ok(invoice).header("content-disposition", attachment.toString());
			}))
			.build();
	}

}
// end::downloads[]
