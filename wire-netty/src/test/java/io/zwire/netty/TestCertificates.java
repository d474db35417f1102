package io.zwire.netty;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;

import javax.net.ssl.KeyManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Certificates the TLS tests make at run time with the JDK's own keytool, into target/tls: a CA, a
 * server certificate (localhost, 127.0.0.1) and a client certificate signed by it, and a client
 * certificate signed by a second, unrelated CA. EC P-256 keys, valid for two days.
 */
final class TestCertificates {
    private static final String PASSWORD = "zwire-test";
    private final Path dir;

    private TestCertificates(Path dir) {
        this.dir = dir;
    }

    static TestCertificates make(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        try (var old = Files.list(dir)) {
            for (Path file : (Iterable<Path>) old::iterator) {
                Files.delete(file);
            }
        }
        TestCertificates certificates = new TestCertificates(dir);
        certificates.authority("ca");
        certificates.authority("rogue-ca");
        certificates.signed("server", "ca", "CN=localhost", "san=dns:localhost,ip:127.0.0.1", "eku=serverAuth");
        certificates.signed("client", "ca", "CN=zwire-client", null, "eku=clientAuth");
        certificates.signed("rogue-client", "rogue-ca", "CN=zwire-client", null, "eku=clientAuth");
        return certificates;
    }

    private void authority(String name) throws IOException, InterruptedException {
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=zwire test " + name,
                "-ext", "bc:c", "-validity", "2", "-keystore", store(name), "-storetype", "PKCS12", "-storepass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", name, "-keystore", store(name), "-storepass", PASSWORD, "-file", pem(name));
    }

    private void signed(String name, String issuer, String subject, String san, String usage) throws IOException, InterruptedException {
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", subject,
                "-validity", "2", "-keystore", store(name), "-storetype", "PKCS12", "-storepass", PASSWORD);
        keytool("-certreq", "-alias", name, "-keystore", store(name), "-storepass", PASSWORD, "-file", file(name + ".csr"));
        List<String> sign = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", issuer, "-keystore", store(issuer),
                "-storepass", PASSWORD, "-infile", file(name + ".csr"), "-outfile", pem(name), "-validity", "2", "-ext", usage));
        if (san != null) {
            sign.addAll(List.of("-ext", san));
        }
        keytool(sign.toArray(String[]::new));
        keytool("-importcert", "-noprompt", "-alias", issuer, "-file", pem(issuer), "-keystore", store(name), "-storepass", PASSWORD);
        keytool("-importcert", "-alias", name, "-file", pem(name), "-keystore", store(name), "-storepass", PASSWORD);
    }

    private String store(String name) {
        return file(name + ".p12");
    }

    private String pem(String name) {
        return file(name + ".pem");
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    private static void keytool(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        // a short-lived tool: the interpreter and C1 start it faster than a full JIT would
        command.addAll(List.of("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException("keytool " + String.join(" ", arguments) + " failed: " + output);
        }
    }

    /** The server's context: its certificate, and clients must present one from the CA. */
    SslContext server() throws IOException, GeneralSecurityException {
        return SslContextBuilder.forServer(keys("server")).trustManager(certificate("ca")).clientAuth(ClientAuth.REQUIRE)
                .sslProvider(SslProvider.JDK).build();
    }

    /** A client's context trusting the CA, presenting the certificate {@code name} ("client" or "rogue-client"). */
    SslContext client(String name) throws IOException, GeneralSecurityException {
        return SslContextBuilder.forClient().keyManager(keys(name)).trustManager(certificate("ca"))
                .sslProvider(SslProvider.JDK).build();
    }

    private KeyManagerFactory keys(String name) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(Path.of(store(name)))) {
            store.load(in, PASSWORD.toCharArray());
        }
        store.deleteEntry(name.equals("rogue-client") ? "rogue-ca" : "ca");
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(store, PASSWORD.toCharArray());
        return factory;
    }

    private X509Certificate certificate(String name) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(Path.of(pem(name)))) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }
}
