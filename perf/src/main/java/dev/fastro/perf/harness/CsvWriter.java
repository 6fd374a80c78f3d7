package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes every measured run, valid or not, as one CSV row: the raw data behind the
 * report. An unknown figure is an empty field: {@code h2load} gives no 95th percentile.
 * The protocol, the size of one answer's body, the bytes the client read per request and
 * how busy the load generator's core was come last, after the columns earlier reports
 * had.
 */
public final class CsvWriter {

	/** The file name beside the report. */
	public static final String FILE_NAME = "benchmark-results.csv";

	private static final String HEADER = "experiment,case,server,server_label,round,connections,pipeline,seconds,requests,"
			+ "duration_us,throughput_rps,latency_mean_us,latency_p95_us,errors_connect,errors_read,errors_write,"
			+ "errors_timeout,non_2xx,server_cpu_ticks,clk_tck,server_cpu_us_per_req," + "startup_ms,rss_kb,valid,"
			+ "protocol,body_bytes,client_bytes_per_req,load_core_busy";

	private CsvWriter() {
	}

	/**
	 * Writes the runs.
	 * @param runs the runs
	 * @param file the CSV file
	 * @throws IOException if it cannot be written
	 */
	public static void write(List<Measurement> runs, Path file) throws IOException {
		Files.write(file, Stream.concat(Stream.of(HEADER), runs.stream().map(CsvWriter::row)).toList(),
				StandardCharsets.UTF_8);
	}

	private static String row(Measurement run) {
		WrkResult result = run.result();
		return Stream.of(run.experiment().id(), run.caseLabel(), run.server().id(), run.server().label(), run.round(),
				run.connections(), run.pipeline(), run.seconds(), result.requests(), result.durationMicros(),
				String.format(Locale.ROOT, "%.1f", result.throughput()), decimal("%.2f", result.latencyMeanMicros()),
				(result.latencyP95Micros() < 0) ? "" : result.latencyP95Micros(), result.connectErrors(),
				result.readErrors(), result.writeErrors(), result.timeouts(), result.non2xx(), run.cpu().ticks(),
				run.cpu().ticksPerSecond(), decimal("%.3f", run.cpuMicrosPerRequest()),
				decimal("%.0f", run.footprint().startupMillis()),
				(run.footprint().rssKilobytes() < 0) ? "" : run.footprint().rssKilobytes(), result.valid(),
				run.protocol().id(), (run.bodyBytes() < 0) ? "" : run.bodyBytes(),
				decimal("%.1f", result.bytesPerRequest()), decimal("%.3f", run.loadCoreBusy()))
			.map(value -> field(String.valueOf(value)))
			.collect(Collectors.joining(","));
	}

	/** A number, or nothing when it is unknown (NaN). */
	private static String decimal(String format, double value) {
		return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
	}

	static String field(String value) {
		return (value.contains(",") || value.contains("\"")) ? '"' + value.replace("\"", "\"\"") + '"' : value;
	}

}
