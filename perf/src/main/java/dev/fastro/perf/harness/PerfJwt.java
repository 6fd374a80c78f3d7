package dev.fastro.perf.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

/**
 * The security experiment's identity, made by Nimbus for each run into the run's
 * temporary directory (no key material is ever committed): an RSA key pair, its public
 * key written as the PEM file both secured servers decode tokens with (Spring Boot's
 * {@code spring.security.oauth2.resourceserver.jwt.public-key-location}, so no JWK set is
 * fetched), and one RS256 token signed with its private key, which wrk sends with every
 * request.
 *
 * @param publicKey the public key's PEM file
 * @param token the signed token, in its compact form
 */
public record PerfJwt(Path publicKey, String token) {

	/** The request header that carries the token. */
	static final String AUTHORIZATION = "authorization";

	/** The token's subject. */
	static final String SUBJECT = "perf";

	/** The token's {@code scope} claim. */
	static final String SCOPE = "perf.read";

	/**
	 * How long the token is valid: longer than the security experiment lasts, which runs
	 * first.
	 */
	static final Duration LIFETIME = Duration.ofHours(1);

	private static final int KEY_BITS = 2048;

	private static final String FILE_NAME = "perf-jwt.pub";

	/**
	 * Generates the key pair, writes the public key and signs the token.
	 * @param directory where the public key's file goes
	 * @param now the token's issue time; it expires {@link #LIFETIME} later
	 * @return the identity
	 * @throws IOException if the file cannot be written
	 */
	public static PerfJwt generate(Path directory, Instant now) throws IOException {
		try {
			RSAKey key = new RSAKeyGenerator(KEY_BITS).generate();
			JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(SUBJECT)
				.claim("scope", SCOPE)
				.issueTime(Date.from(now))
				.expirationTime(Date.from(now.plus(LIFETIME)))
				.build();
			SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).build(), claims);
			jwt.sign(new RSASSASigner(key));
			Path publicKey = directory.resolve(FILE_NAME);
			Files.writeString(publicKey, PerfCertificate.pem("PUBLIC KEY", key.toRSAPublicKey().getEncoded()));
			return new PerfJwt(publicKey, jwt.serialize());
		}
		catch (JOSEException ex) {
			throw new IllegalStateException("cannot make the run's RSA key pair and token", ex);
		}
	}

	/**
	 * The arguments that make a secured server decode tokens with the run's public key.
	 * @return Spring Boot's property, as a program argument
	 */
	List<String> serverArguments() {
		return List.of("--spring.security.oauth2.resourceserver.jwt.public-key-location=file:" + this.publicKey);
	}

	/**
	 * A request with the token as its bearer credential (RFC 6750).
	 * @param request the request
	 * @return the same request with an {@code authorization} header
	 */
	Request authorize(Request request) {
		return request.withHeader(AUTHORIZATION, "Bearer " + this.token);
	}

}
