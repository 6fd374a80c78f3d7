package dev.fastro.perf.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class PerfJwtTest {

	@TempDir
	Path directory;

	@Test
	void signsAnRs256TokenThatThePublicKeyFileVerifies() throws Exception {
		Instant now = Instant.parse("2026-01-01T00:00:00Z");
		PerfJwt jwt = PerfJwt.generate(this.directory, now);
		assertThat(jwt.publicKey()).hasParent(this.directory);
		SignedJWT token = SignedJWT.parse(jwt.token());
		assertThat(token.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
		assertThat(token.verify(new RSASSAVerifier(readPem(jwt.publicKey())))).isTrue();
		assertThat(token.getJWTClaimsSet().getSubject()).isEqualTo("perf");
		assertThat(token.getJWTClaimsSet().getStringClaim("scope")).isEqualTo("perf.read");
		assertThat(token.getJWTClaimsSet().getIssueTime()).isEqualTo(Date.from(now));
		assertThat(token.getJWTClaimsSet().getExpirationTime()).isEqualTo(Date.from(now.plus(PerfJwt.LIFETIME)));
	}

	@Test
	void eachRunHasItsOwnKey() throws Exception {
		PerfJwt first = PerfJwt.generate(Files.createDirectory(this.directory.resolve("a")), Instant.now());
		PerfJwt second = PerfJwt.generate(Files.createDirectory(this.directory.resolve("b")), Instant.now());
		assertThat(SignedJWT.parse(second.token()).verify(new RSASSAVerifier(readPem(first.publicKey())))).isFalse();
	}

	@Test
	void authorizesARequestWithTheTokenAsItsBearerCredential() {
		Request request = new PerfJwt(Path.of("key.pub"), "a.b.c").authorize(Request.get("/"));
		assertThat(request.headers()).containsEntry("authorization", "Bearer a.b.c");
		assertThat(request.withoutHeader("authorization")).isEqualTo(Request.get("/"));
		// The progress and the report name the request without the whole token.
		assertThat(new PerfJwt(Path.of("key.pub"), "x".repeat(500)).authorize(Request.get("/")))
			.hasToString("GET / {authorization=Bearer xxxxxxxxxxxxxxxxx...}");
	}

	/** The public key as Spring Security reads it: an X.509 PEM block, RSA. */
	private static RSAPublicKey readPem(Path file) throws Exception {
		String pem = Files.readString(file);
		assertThat(pem).startsWith("-----BEGIN PUBLIC KEY-----\n").endsWith("-----END PUBLIC KEY-----\n");
		String base64 = pem.replace("-----BEGIN PUBLIC KEY-----", "")
			.replace("-----END PUBLIC KEY-----", "")
			.replaceAll("\\s", "");
		return (RSAPublicKey) KeyFactory.getInstance("RSA")
			.generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
	}

}
