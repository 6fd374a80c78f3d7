package dev.fastro.demo.proxy;

/**
 * What {@code /proxy/echo} answers: which instance answered, the request's id, and the
 * client, scheme and host as Fastro sees them, through the forwarded headers of a trusted
 * proxy or from the connection itself.
 *
 * @param instance the name of the Fastro instance that answered
 * @param id the request's {@code id} query parameter, {@code null} without one
 * @param client {@code ctx.remoteAddress()}'s IP address
 * @param clientPort {@code ctx.remoteAddress()}'s port: without forwarded headers, the
 * port of the proxy's connection to Fastro
 * @param scheme {@code ctx.scheme()}
 * @param host {@code ctx.host()}
 * @param port {@code ctx.port()}
 */
record Echo(String instance, String id, String client, int clientPort, String scheme, String host, int port) {

}
