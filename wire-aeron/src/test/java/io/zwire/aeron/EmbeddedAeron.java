package io.zwire.aeron;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real media driver in the test JVM, in a directory of its own under target/ that it deletes on
 * start and shutdown, and a client connected to it, started before a test class's tests and
 * stopped after them ({@code @RegisterExtension static final EmbeddedAeron AERON = new EmbeddedAeron();}).
 * One shared driver thread that sleeps when idle, since the build shares two cores; terms of
 * 64 KiB so back pressure comes quickly.
 */
final class EmbeddedAeron implements BeforeAllCallback, AfterAllCallback {
    static final int TERM_LENGTH = 64 * 1024;
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private MediaDriver driver;
    Aeron aeron;

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    private void start() {
        String directory = Path.of("target", "aeron-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet())
                .toAbsolutePath().toString();
        MediaDriver.Context driverContext = new MediaDriver.Context()
                .aeronDirectoryName(directory)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new SleepingMillisIdleStrategy(1))
                .ipcTermBufferLength(TERM_LENGTH)
                .publicationTermBufferLength(TERM_LENGTH)
                .termBufferSparseFile(true);
        driver = MediaDriver.launchEmbedded(driverContext);
        try {
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        } catch (RuntimeException e) {
            driver.close();
            throw e;
        }
    }

    /** A UDP channel on 127.0.0.1 at a port free a moment ago. */
    static String udpChannel() {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return "aeron:udp?endpoint=127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            aeron.close();
        } finally {
            driver.close();
        }
    }
}
