package dev.fastro.perf.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The one TLS identity of a run, made by the JDK's {@code keytool} into the run's
 * temporary directory (no key material is ever committed): a self-signed EC P-256
 * certificate for {@code 127.0.0.1} and {@code localhost}, written as the PEM certificate
 * and PKCS#8 key that both the native server
 * ({@code Http11SslContextSpec.forServer(cert, key)}) and Fastro (a Spring Boot PEM SSL
 * bundle) read, and a client TLS context that trusts it, for the harness's own checks.
 *
 * @param certificate the certificate's PEM file
 * @param privateKey the private key's PEM file
 * @param clientContext a TLS context trusting the certificate
 */
public record PerfCertificate(Path certificate, Path privateKey, SSLContext clientContext) {

	private static final String ALIAS = "perf";

	/** Only protects the key store inside the temporary directory. */
	private static final char[] PASSWORD = "perf-only".toCharArray();

	/**
	 * Generates the identity.
	 * @param directory where its files go
	 * @return the identity
	 * @throws IOException if keytool fails or a file cannot be written
	 * @throws InterruptedException if interrupted while keytool runs
	 */
	public static PerfCertificate generate(Path directory) throws IOException, InterruptedException {
		Path keyStore = directory.resolve(ALIAS + ".p12");
		Process keytool = new ProcessBuilder(
				List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair", "-alias",
						ALIAS, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost", "-ext",
						"SAN=dns:localhost,ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore",
						keyStore.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD)))
			.redirectErrorStream(true)
			.start();
		String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
			throw new IOException("keytool could not make the run's TLS certificate: " + output);
		}
		try (InputStream in = Files.newInputStream(keyStore)) {
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(in, PASSWORD);
			Certificate certificate = store.getCertificate(ALIAS);
			Path certificateFile = directory.resolve(ALIAS + ".crt");
			Path keyFile = directory.resolve(ALIAS + ".key");
			Files.writeString(certificateFile, pem("CERTIFICATE", certificate.getEncoded()));
			Files.writeString(keyFile, pem("PRIVATE KEY", store.getKey(ALIAS, PASSWORD).getEncoded()));
			return new PerfCertificate(certificateFile, keyFile, trusting(certificate));
		}
		catch (GeneralSecurityException ex) {
			throw new IOException("cannot read the run's TLS certificate back from " + keyStore, ex);
		}
	}

	private static SSLContext trusting(Certificate certificate) throws GeneralSecurityException, IOException {
		KeyStore trusted = KeyStore.getInstance("PKCS12");
		trusted.load(null, null);
		trusted.setCertificateEntry(ALIAS, certificate);
		TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		trust.init(trusted);
		SSLContext context = SSLContext.getInstance("TLS");
		context.init(null, trust.getTrustManagers(), null);
		return context;
	}

	/**
	 * DER bytes as a PEM block, 64 characters a line.
	 * @param type the block's type, such as {@code CERTIFICATE}
	 * @param der the bytes
	 * @return the PEM text
	 */
	static String pem(String type, byte[] der) {
		return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] { '\n' }).encodeToString(der)
				+ "\n-----END " + type + "-----\n";
	}

}
