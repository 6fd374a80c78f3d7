package dev.fastro.demo;

import java.io.IOException;
import java.io.InputStream;
import java.security.interfaces.RSAPrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.List;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import org.springframework.core.io.ClassPathResource;
import org.springframework.security.converter.RsaKeyConverters;

/**
 * Prints a bearer token the demo accepts: an RS256 JWT signed with the demo's key pair,
 * of the given subject, with the given roles in its {@code roles} claim, valid for an
 * hour, or expired with {@code --expired}. From the demo's jar:
 *
 * <pre>
 * java -cp demo-app/target/demo-app-exec.jar -Dloader.main=dev.fastro.demo.DemoToken \
 *     org.springframework.boot.loader.launch.PropertiesLauncher ada ADMIN
 * </pre>
 *
 * The private key, {@code demo-only.key}, is public, committed for the demo only: a real
 * application gets its tokens from an authorization server and holds no private key.
 */
public final class DemoToken {

	/** How long a token is valid for. */
	private static final Duration VALIDITY = Duration.ofHours(1);

	private DemoToken() {
	}

	/**
	 * Prints a token.
	 * @param args {@code [--expired] subject [role...]}
	 * @throws Exception if the key cannot be read or the token signed
	 */
	public static void main(String[] args) throws Exception {
		List<String> arguments = Arrays.asList(args);
		boolean expired = !arguments.isEmpty() && arguments.get(0).equals("--expired");
		List<String> subjectAndRoles = expired ? arguments.subList(1, arguments.size()) : arguments;
		if (subjectAndRoles.isEmpty()) {
			System.err.println("Usage: DemoToken [--expired] subject [role...]");
			System.exit(2);
		}
		// Past the decoder's 60 seconds of clock skew, so that the token is refused at
		// once.
		Instant issued = expired ? Instant.now().minus(VALIDITY).minus(Duration.ofMinutes(5)) : Instant.now();
		System.out.println(token(subjectAndRoles.get(0), subjectAndRoles.subList(1, subjectAndRoles.size()), issued));
	}

	/**
	 * A token valid for {@link #VALIDITY} from the time it was issued.
	 * @param subject the {@code sub} claim, the principal's name
	 * @param roles the {@code roles} claim, such as {@code ADMIN}
	 * @param issued the {@code iat} claim
	 * @return the token, serialized
	 * @throws IOException if the key cannot be read
	 * @throws JOSEException if the token cannot be signed
	 */
	static String token(String subject, List<String> roles, Instant issued) throws IOException, JOSEException {
		JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(subject)
			.claim("roles", roles)
			.issueTime(Date.from(issued))
			.expirationTime(Date.from(issued.plus(VALIDITY)))
			.build();
		SignedJWT token = new SignedJWT(new JWSHeader(JWSAlgorithm.RS256), claims);
		token.sign(new RSASSASigner(privateKey()));
		return token.serialize();
	}

	private static RSAPrivateKey privateKey() throws IOException {
		try (InputStream pem = new ClassPathResource("demo-only.key").getInputStream()) {
			return RsaKeyConverters.pkcs8().convert(pem);
		}
	}

}
