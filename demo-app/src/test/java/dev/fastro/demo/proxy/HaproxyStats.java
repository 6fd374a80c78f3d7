package dev.fastro.demo.proxy;

import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.fastro.test.TestHttp.get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What HAProxy's statistics page ({@code stats uri /stats}) says of a backend's servers,
 * read as CSV: whether each is up, and what happened to it.
 *
 * @param servers each server's row, by the server's name, each column by its name
 * (HAProxy's: {@code status}, {@code chkdown}, {@code wretr}, ...)
 */
record HaproxyStats(Map<String, Map<String, String>> servers) {

	/**
	 * The rows of {@code backend}'s servers, from HAProxy's statistics on {@code port}.
	 */
	static HaproxyStats read(int port, String backend) {
		HttpResponse<String> response = get(port, "/stats;csv");
		assertThat(response.statusCode()).as("HAProxy's statistics").isEqualTo(200);
		List<String> lines = response.body().lines().toList();
		List<String> columns = Arrays.asList(lines.get(0).replaceFirst("^# ", "").split(",", -1));
		Map<String, Map<String, String>> servers = new HashMap<>();
		for (String line : lines.subList(1, lines.size())) {
			String[] values = line.split(",", -1);
			Map<String, String> row = new HashMap<>();
			for (int i = 0; i < Math.min(columns.size(), values.length); i++) {
				row.put(columns.get(i), values[i]);
			}
			String server = row.get("svname");
			if (backend.equals(row.get("pxname")) && !"BACKEND".equals(server) && !"FRONTEND".equals(server)) {
				servers.put(server, row);
			}
		}
		return new HaproxyStats(servers);
	}

	/** {@code UP}, {@code DOWN}, {@code DOWN 1/2} (going up), ... */
	String status(String server) {
		return this.servers.get(server).get("status");
	}

	/**
	 * What the last health check of a server found: {@code L7OK}, {@code L7STS} (a wrong
	 * status), {@code L4CON} (the connection refused), ...; {@code *} in front while a
	 * check runs.
	 */
	String checkStatus(String server) {
		return this.servers.get(server).get("check_status");
	}

	/** A number column of a server's row: an empty one is 0. */
	long count(String server, String column) {
		String value = this.servers.get(server).get(column);
		return (value == null || value.isEmpty()) ? 0 : Long.parseLong(value);
	}

}
