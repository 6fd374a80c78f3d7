package dev.fastro.demo.proxy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The proxies the tests put in front of Fastro, each started from its template under
 * {@code src/test/resources/proxy/}, each logging one line per request it answered in the
 * format {@link ProxiedRequest} reads.
 */
enum ProxyKind {

	NGINX("nginx.conf") {

		@Override
		ProxyProcess start(Path directory, Map<String, Object> values, int... ports) {
			return ProxyProcess.nginx(directory, this.template, values, ports);
		}

		@Override
		List<String> logLines(ProxyProcess proxy) {
			return ProxyProcess.lines(proxy.directory().resolve("access.log"));
		}

	},

	HAPROXY("haproxy.cfg") {

		@Override
		ProxyProcess start(Path directory, Map<String, Object> values, int... ports) {
			return ProxyProcess.haproxy(directory, this.template, values, ports);
		}

		@Override
		List<String> logLines(ProxyProcess proxy) {
			return ProxyProcess.lines(proxy.output());
		}

	};

	final String template;

	ProxyKind(String template) {
		this.template = template;
	}

	/**
	 * Starts this proxy from its template, and waits until it listens on {@code ports}.
	 */
	abstract ProxyProcess start(Path directory, Map<String, Object> values, int... ports);

	/** The lines of the log where this proxy writes one line per request. */
	abstract List<String> logLines(ProxyProcess proxy);

	/** The requests {@code proxy} has logged so far, in the order it logged them. */
	List<ProxiedRequest> requests(ProxyProcess proxy) {
		return logLines(proxy).stream().map(ProxiedRequest::parse).filter((request) -> request != null).toList();
	}

}
