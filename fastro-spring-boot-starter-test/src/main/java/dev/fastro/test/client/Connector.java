package dev.fastro.test.client;

import tools.jackson.databind.json.JsonMapper;

/**
 * Where a {@link FastroTestClient} sends its requests: the dispatcher in this process, or
 * a running server.
 */
interface Connector {

	/** Sends one request and waits for its whole answer. */
	TestResponse exchange(TestRequest request);

	/** The mapper that writes JSON request bodies and reads typed response bodies. */
	JsonMapper jsonMapper();

	/**
	 * Whether requests reach the pipeline in this process, where a
	 * {@link TestRequest.Customizer} can prepare them.
	 */
	boolean inProcess();

}
