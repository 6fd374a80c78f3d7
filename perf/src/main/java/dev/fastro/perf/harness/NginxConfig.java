package dev.fastro.perf.harness;

import java.nio.file.Path;

/**
 * The configuration nginx runs with in the static-files experiment, written for each
 * start into a directory of its own: one process in the foreground
 * ({@code daemon off; master_process off;}), so that the process the harness starts is
 * the one that serves, is pinned and has its CPU time read; tuned as in production:
 * {@code sendfile} with {@code tcp_nopush}, {@code open_file_cache} (open descriptors and
 * file properties kept for 60 s, so that a hot file is neither looked up nor opened
 * again), no access log; the error log, pid file and temporary paths in that directory,
 * and the files' directory as the root.
 */
final class NginxConfig {

	/**
	 * Debian's nginx, unless {@code -Dperf.nginx} names another.
	 */
	static final String DEFAULT_BINARY = "/usr/sbin/nginx";

	/** The configuration's file name in its directory. */
	static final String FILE_NAME = "nginx.conf";

	/** The error log's file name in the directory. */
	static final String ERROR_LOG = "error.log";

	private NginxConfig() {
	}

	/**
	 * The nginx executable the harness runs.
	 * @return its path
	 */
	static Path binary() {
		return Path.of(System.getProperty("perf.nginx", DEFAULT_BINARY));
	}

	/**
	 * The configuration.
	 * @param directory the directory of the configuration, logs and pid file
	 * @param root the directory of the files served
	 * @param port the port to listen on, on the loopback
	 * @return the configuration's text
	 */
	static String render(Path directory, Path root, int port) {
		Path dir = directory.toAbsolutePath();
		return """
				daemon off;
				master_process off;
				worker_processes 1;
				pid %1$s/nginx.pid;
				error_log %1$s/%4$s warn;

				events {
				    worker_connections 4096;
				}

				http {
				    default_type application/octet-stream;
				    sendfile on;
				    open_file_cache max=10000 inactive=60s;
				    open_file_cache_valid 60s;
				    open_file_cache_errors on;
				    tcp_nopush on;
				    access_log off;
				    keepalive_requests 1000000;
				    client_body_temp_path %1$s/client_body;
				    proxy_temp_path %1$s/proxy;
				    fastcgi_temp_path %1$s/fastcgi;
				    uwsgi_temp_path %1$s/uwsgi;
				    scgi_temp_path %1$s/scgi;

				    server {
				        listen 127.0.0.1:%3$d;
				        root %2$s;
				    }
				}
				""".formatted(dir, root.toAbsolutePath(), port, ERROR_LOG);
	}

}
