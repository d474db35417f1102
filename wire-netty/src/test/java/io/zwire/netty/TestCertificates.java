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
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Certificates the TLS tests make at run time with the JDK's own keytool, into target/tls: a CA, a
 * server certificate (localhost, 127.0.0.1) and a client certificate signed by it, and a client
 * certificate signed by a second, unrelated CA. EC P-256 keys, valid for two days.
 *
 * <p>Each CA's keystore holds the CA and the certificates it signs, each made by one
 * {@code keytool -genkeypair -signer} (JDK 17): five keytool JVMs, the two CAs' in parallel, where
 * a request, a signing, an export and two imports per certificate took nineteen one after another
 * (about 15 s of the class's 16 on the 2-core machine).
 */
final class TestCertificates {
    private static final String PASSWORD = "zwire-test";
    private static final String CA = "ca";
    private static final String ROGUE_CA = "rogue-ca";
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
        Process rogue = certificates.authority(ROGUE_CA);
        Process authority = certificates.authority(CA);
        await(rogue);
        rogue = certificates.signed("rogue-client", ROGUE_CA, "CN=zwire-client", "eku=clientAuth");
        await(authority);
        await(certificates.signed("server", CA, "CN=localhost", "eku=serverAuth", "san=dns:localhost,ip:127.0.0.1"));
        await(certificates.signed("client", CA, "CN=zwire-client", "eku=clientAuth"));
        await(rogue);
        return certificates;
    }

    private Process authority(String name) throws IOException {
        return keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=zwire test " + name,
                "-ext", "bc:c", "-validity", "2", "-keystore", store(name), "-storetype", "PKCS12", "-storepass", PASSWORD);
    }

    /** Starts the keytool that makes {@code name}'s key and certificate, signed by {@code issuer}, in the issuer's keystore. */
    private Process signed(String name, String issuer, String subject, String... extensions) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname",
                "secp256r1", "-dname", subject, "-validity", "2", "-keystore", store(issuer), "-storetype", "PKCS12",
                "-storepass", PASSWORD, "-signer", issuer));
        for (String extension : extensions) {
            arguments.addAll(List.of("-ext", extension));
        }
        return keytool(arguments.toArray(String[]::new));
    }

    private String store(String authority) {
        return dir.resolve(authority + ".p12").toString();
    }

    private static Process keytool(String... arguments) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        // a short-lived tool: the interpreter and C1 start it faster than a full JIT would
        command.addAll(List.of("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static void await(Process keytool) throws IOException, InterruptedException {
        String output = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            keytool.destroyForcibly();
            throw new IOException(String.join(" ", keytool.info().arguments().orElse(new String[0])) + " failed: " + output);
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

    /** The key and chain of {@code name} alone (a "rogue-" one from the rogue CA's keystore), so that the key manager can present no other. */
    private KeyManagerFactory keys(String name) throws IOException, GeneralSecurityException {
        KeyStore.PasswordProtection password = new KeyStore.PasswordProtection(PASSWORD.toCharArray());
        KeyStore.Entry entry = load(name.startsWith("rogue-") ? ROGUE_CA : CA).getEntry(name, password);
        KeyStore single = KeyStore.getInstance("PKCS12");
        single.load(null, null);
        single.setEntry(name, entry, password);
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(single, PASSWORD.toCharArray());
        return factory;
    }

    private X509Certificate certificate(String authority) throws IOException, GeneralSecurityException {
        return (X509Certificate) load(authority).getCertificate(authority);
    }

    private KeyStore load(String authority) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(Path.of(store(authority)))) {
            store.load(in, PASSWORD.toCharArray());
        }
        return store;
    }
}
