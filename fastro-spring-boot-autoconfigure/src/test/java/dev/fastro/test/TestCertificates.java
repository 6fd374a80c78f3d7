package dev.fastro.test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Key material generated at test time with the JDK's {@code keytool}, so that no key is
 * ever committed: self-signed identities for {@code localhost} and {@code 127.0.0.1},
 * their PKCS#12 key stores and PEM files, and client TLS contexts that trust them.
 */
public final class TestCertificates {

	private static final String PASSWORD = "changeit";

	private TestCertificates() {
	}

	/**
	 * A new self-signed identity named {@code name}, its key store written to
	 * {@code directory/name.p12}.
	 */
	public static Identity create(Path directory, String name) {
		Path keyStore = directory.resolve(name + ".p12");
		keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
				"-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore",
				keyStore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
		try (InputStream in = Files.newInputStream(keyStore)) {
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(in, PASSWORD.toCharArray());
			return new Identity(name, keyStore, (X509Certificate) store.getCertificate(name),
					(PrivateKey) store.getKey(name, PASSWORD.toCharArray()));
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A client TLS context trusting {@code trusted}, presenting {@code own} if not null.
	 */
	public static SSLContext clientContext(Identity own, Identity... trusted) {
		return clientContext(own, Arrays.stream(trusted).map(Identity::certificate).toArray(X509Certificate[]::new));
	}

	/**
	 * A client TLS context trusting the certificates {@code trusted}, such as those an
	 * application's SSL bundle serves, presenting {@code own} if not null.
	 */
	public static SSLContext clientContext(Identity own, X509Certificate... trusted) {
		try {
			KeyStore trustStore = KeyStore.getInstance("PKCS12");
			trustStore.load(null, null);
			for (int i = 0; i < trusted.length; i++) {
				trustStore.setCertificateEntry("trusted-" + i, trusted[i]);
			}
			TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trust.init(trustStore);
			KeyManagerFactory keys = null;
			if (own != null) {
				KeyStore keyStore = KeyStore.getInstance("PKCS12");
				keyStore.load(null, null);
				keyStore.setKeyEntry(own.name(), own.privateKey(), PASSWORD.toCharArray(),
						new X509Certificate[] { own.certificate() });
				keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
				keys.init(keyStore, PASSWORD.toCharArray());
			}
			SSLContext context = SSLContext.getInstance("TLS");
			context.init((keys != null) ? keys.getKeyManagers() : null, trust.getTrustManagers(), null);
			return context;
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void keytool(String... arguments) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
		command.addAll(List.of(arguments));
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException("keytool failed: " + output);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A self-signed identity.
	 *
	 * @param name its alias and common name
	 * @param keyStore its PKCS#12 key store, password {@code changeit}
	 * @param certificate its certificate
	 * @param privateKey its private key
	 */
	public record Identity(String name, Path keyStore, X509Certificate certificate, PrivateKey privateKey) {

		public static final String PASSWORD = TestCertificates.PASSWORD;

		/**
		 * The properties of a Spring Boot SSL bundle holding this identity's key store,
		 * and of Fastro serving it.
		 * @param bundle the bundle's name
		 * @return the properties, as {@code name=value}
		 */
		public String[] keyStoreBundle(String bundle) {
			String prefix = "spring.ssl.bundle.jks." + bundle + ".keystore.";
			return new String[] { prefix + "location=file:" + this.keyStore, prefix + "password=" + PASSWORD,
					prefix + "type=PKCS12", "fastro.server.ssl.bundle=" + bundle };
		}

		/**
		 * Writes the certificate and key as PEM files, replacing those there, each in one
		 * atomic move so a file watcher never reads half a file.
		 */
		public void writePem(Path certificateFile, Path privateKeyFile) {
			try {
				write(certificateFile, pem("CERTIFICATE", this.certificate.getEncoded()));
				write(privateKeyFile, pem("PRIVATE KEY", this.privateKey.getEncoded()));
			}
			catch (GeneralSecurityException ex) {
				throw new IllegalStateException(ex);
			}
		}

		private static String pem(String type, byte[] der) {
			return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] { '\n' }).encodeToString(der)
					+ "\n-----END " + type + "-----\n";
		}

		private static void write(Path file, String content) {
			try {
				Path temporary = Files.createTempFile(file.getParent(), "pem", ".tmp");
				Files.writeString(temporary, content);
				Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

}
