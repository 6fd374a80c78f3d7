package dev.fastro.openapi.internal;

import java.util.Iterator;
import java.util.Map;

import dev.fastro.http.Context;
import dev.fastro.http.Response;
import dev.fastro.http.Routes;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.core.util.Yaml31;
import io.swagger.v3.oas.models.OpenAPI;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Serves the OpenAPI document: in JSON at its path, in YAML at the same path ending in
 * {@code .yaml}. The document is built once, at start-up; each answer names the server as
 * the client addressed it ({@link ServerUrl}), on a copy of the document's top level, so
 * that the document itself is never changed. The bytes of the last server named are kept,
 * as nearly every request names the same.
 */
public final class OpenApiEndpoints {

	private final String path;

	private final ServerUrl serverUrl;

	private volatile ObjectNode document;

	private volatile Answers last = new Answers("", null, null);

	/**
	 * Endpoints that serve the document at {@code path} once it is
	 * {@link #publish(OpenAPI) published}.
	 * @param path the path of the JSON document
	 * @param serverUrl how a request names the server
	 */
	public OpenApiEndpoints(String path, ServerUrl serverUrl) {
		this.path = path;
		this.serverUrl = serverUrl;
	}

	/** The path of the JSON document. */
	public String path() {
		return this.path;
	}

	/**
	 * Serves {@code openApi} from now on; without servers of its own, each answer names
	 * the server the request addressed.
	 */
	public void publish(OpenAPI openApi) {
		this.document = Json31.mapper().valueToTree(openApi);
	}

	/** The routes of the JSON and the YAML document. */
	public Routes routes() {
		return Routes.builder()
			.get(this.path, (ctx) -> Response.ok(answers(ctx).json()).contentType("application/json"))
			.get(this.path + ".yaml", (ctx) -> Response.ok(answers(ctx).yaml()).contentType("application/yaml"))
			.build();
	}

	private Answers answers(Context ctx) {
		String url = this.serverUrl.of(ctx);
		Answers answers = this.last;
		if (!answers.url().equals(url) || answers.json() == null) {
			ObjectNode document = this.document;
			if (document == null) {
				throw new IllegalStateException("The OpenAPI document is served before it was built");
			}
			ObjectNode served = withServer(document, url);
			answers = new Answers(url, write(Json31.mapper(), served), write(Yaml31.mapper(), served));
			this.last = answers;
		}
		return answers;
	}

	/**
	 * The document's top level with its servers after its info, as OpenAPI lists them,
	 * sharing the rest with the document.
	 */
	private static ObjectNode withServer(ObjectNode document, String url) {
		if (document.has("servers")) {
			// An OpenApiCustomizer named them.
			return document;
		}
		ObjectNode served = JsonNodeFactory.instance.objectNode();
		Iterator<Map.Entry<String, JsonNode>> members = document.properties().iterator();
		while (members.hasNext()) {
			Map.Entry<String, JsonNode> member = members.next();
			if (!member.getKey().equals("servers")) {
				served.set(member.getKey(), member.getValue());
			}
			if (member.getKey().equals("info")) {
				served.putArray("servers").addObject().put("url", url);
			}
		}
		return served;
	}

	private static byte[] write(ObjectMapper mapper, ObjectNode document) {
		return mapper.writeValueAsBytes(document);
	}

	private record Answers(String url, byte[] json, byte[] yaml) {
	}

}
