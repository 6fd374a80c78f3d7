package dev.fastro.security;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;

/**
 * Keys made for a test, their JWK set served on 127.0.0.1 by the JDK's HTTP server, and
 * tokens signed with them.
 */
final class Tokens implements AutoCloseable {

	static final String AUDIENCE = "fastro-test";

	final RSAKey rsa;

	final ECKey ec;

	/** A key of the same id as {@link #rsa}, whose signatures the set does not verify. */
	final RSAKey impostor;

	final AtomicInteger fetches = new AtomicInteger();

	private final HttpServer server;

	private Path publicKey;

	Tokens() throws JOSEException, IOException {
		this.rsa = new RSAKeyGenerator(2048).keyID("rsa").generate();
		this.ec = new ECKeyGenerator(Curve.P_256).keyID("ec").generate();
		this.impostor = new RSAKeyGenerator(2048).keyID("rsa").generate();
		byte[] jwks = new JWKSet(List.of(this.rsa.toPublicJWK(), this.ec.toPublicJWK())).toString()
			.getBytes(StandardCharsets.UTF_8);
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/jwks", (exchange) -> {
			this.fetches.incrementAndGet();
			exchange.getResponseHeaders().set("content-type", "application/json");
			exchange.sendResponseHeaders(200, jwks.length);
			try (OutputStream body = exchange.getResponseBody()) {
				body.write(jwks);
			}
		});
		this.server.start();
	}

	/**
	 * A {@code file:} URI of the RSA public key as PEM, written once, for
	 * {@code public-key-location}.
	 */
	synchronized String publicKeyUri() throws IOException, JOSEException {
		if (this.publicKey == null) {
			this.publicKey = Files.createTempFile("fastro-test", ".pub");
			this.publicKey.toFile().deleteOnExit();
			Files.writeString(this.publicKey,
					"-----BEGIN PUBLIC KEY-----\n"
							+ Base64.getMimeEncoder().encodeToString(this.rsa.toRSAPublicKey().getEncoded())
							+ "\n-----END PUBLIC KEY-----\n",
					StandardCharsets.US_ASCII);
		}
		return this.publicKey.toUri().toString();
	}

	String jwkSetUri() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/jwks";
	}

	/** Claims valid now for five minutes, for {@link #AUDIENCE}, of subject ada. */
	static JWTClaimsSet.Builder claims() {
		Instant now = Instant.now();
		return new JWTClaimsSet.Builder().subject("ada")
			.audience(AUDIENCE)
			.issueTime(Date.from(now))
			.expirationTime(Date.from(now.plusSeconds(300)));
	}

	static JWTClaimsSet claims(Consumer<JWTClaimsSet.Builder> change) {
		JWTClaimsSet.Builder builder = claims();
		change.accept(builder);
		return builder.build();
	}

	String rs256(JWTClaimsSet claims) throws JOSEException {
		return signed(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("rsa").build(), claims,
				new RSASSASigner(this.rsa));
	}

	String es256(JWTClaimsSet claims) throws JOSEException {
		SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("ec").build(), claims);
		jwt.sign(new ECDSASigner(this.ec));
		return jwt.serialize();
	}

	String rs256WithoutKeyId(JWTClaimsSet claims) throws JOSEException {
		return signed(new JWSHeader.Builder(JWSAlgorithm.RS256).build(), claims, new RSASSASigner(this.rsa));
	}

	/**
	 * Signed with HS256, keyed with the encoded RSA public key as the shared secret: the
	 * key confusion of a verifier that takes the token's word for its algorithm.
	 */
	String hs256WithThePublicKey(JWTClaimsSet claims) throws JOSEException {
		SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("rsa").build(), claims);
		jwt.sign(new MACSigner(this.rsa.toRSAPublicKey().getEncoded()));
		return jwt.serialize();
	}

	String signedByImpostor(JWTClaimsSet claims) throws JOSEException {
		return signed(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("rsa").build(), claims,
				new RSASSASigner(this.impostor));
	}

	static String unsigned(JWTClaimsSet claims) {
		return new PlainJWT(claims).serialize();
	}

	private static String signed(JWSHeader header, JWTClaimsSet claims, RSASSASigner signer) throws JOSEException {
		SignedJWT jwt = new SignedJWT(header, claims);
		jwt.sign(signer);
		return jwt.serialize();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
