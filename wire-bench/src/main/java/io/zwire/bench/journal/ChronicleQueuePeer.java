package io.zwire.bench.journal;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Chronicle Queue (open-source edition) as a {@link JournalPeer}: a single queue in binary wire,
 * default roll cycle, each message written as raw bytes in one document
 * ({@code writingDocument()}), the way Chronicle's own latency benchmarks write theirs.
 *
 * <p>Chronicle Queue reaches into the JDK's internals, so every JVM it runs in needs the options
 * of {@link #jvmOptions}, found by running it on JDK 17 and 25 (docs/journal-benchmarks.md):
 * <ul>
 *   <li>{@code --add-opens java.base/java.lang.reflect}: chronicle-core's {@code Jvm} initialiser
 *       makes {@code AccessibleObject.setAccessible0} callable; without it the first use of the
 *       queue fails with an {@code ExceptionInInitializerError};</li>
 *   <li>{@code --add-exports java.base/sun.nio.ch}: it maps its files through
 *       {@code FileChannelImpl}; without it building a queue fails;</li>
 *   <li>{@code --add-exports java.base/jdk.internal.ref}: it frees direct buffers through their
 *       cleaner; without it, a warning and buffers left to the garbage collector;</li>
 *   <li>{@code -Dchronicle.analytics.disable=true}: otherwise it writes a client id into the
 *       user's home ({@code ~/.chronicle.analytics.client.id}) and reports usage over the network;
 *       {@code -Dchronicle.announcer.disable=true} drops its start-up banner;</li>
 *   <li>JDK 22 and later: {@code --enable-native-access=ALL-UNNAMED}, for JNA's native library
 *       (a warning otherwise); JDK 24 and later: {@code --sun-misc-unsafe-memory-access=allow},
 *       for its {@code sun.misc.Unsafe} memory access (a warning otherwise, JEP 498).</li>
 * </ul>
 */
public final class ChronicleQueuePeer implements JournalPeer {
    /** The peer's name on the command line. */
    public static final String NAME = "chronicle-queue";
    private static final int FIRST_JDK_WITH_NATIVE_ACCESS_WARNINGS = 22;
    private static final int FIRST_JDK_WITH_UNSAFE_MEMORY_ACCESS_WARNINGS = 24;
    private static final String POM_PROPERTIES = "/META-INF/maven/net.openhft/chronicle-queue/pom.properties";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        Properties pom = new Properties();
        try (InputStream in = ChronicleQueue.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in != null) {
                pom.load(in);
            }
        } catch (IOException e) {
            // The version is a label; without it the row still names the peer.
            return "Chronicle Queue";
        }
        String version = pom.getProperty("version");
        return version == null ? "Chronicle Queue" : "Chronicle Queue " + version;
    }

    @Override
    public List<String> jvmOptions(int javaFeatureVersion) {
        List<String> options = new ArrayList<>(List.of(
                "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
                "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "-Dchronicle.analytics.disable=true",
                "-Dchronicle.announcer.disable=true"));
        if (javaFeatureVersion >= FIRST_JDK_WITH_NATIVE_ACCESS_WARNINGS) {
            options.add("--enable-native-access=ALL-UNNAMED");
        }
        if (javaFeatureVersion >= FIRST_JDK_WITH_UNSAFE_MEMORY_ACCESS_WARNINGS) {
            options.add("--sun-misc-unsafe-memory-access=allow");
        }
        return options;
    }

    @Override
    public Journal open(Path directory) {
        ChronicleQueue queue = SingleChronicleQueueBuilder.binary(directory.toFile()).build();
        return new Journal() {
            @Override
            public Appender appender() {
                return new ChronicleAppender(queue.createAppender());
            }

            @Override
            public Tailer tailer() {
                return new ChronicleTailer(queue.createTailer());
            }

            @Override
            public void close() {
                queue.close();
            }
        };
    }

    private static final class ChronicleAppender implements Appender {
        private final ExcerptAppender appender;
        private final byte[] filler = JournalMessage.filler();

        ChronicleAppender(ExcerptAppender appender) {
            this.appender = appender;
        }

        @Override
        public void append(long sequence, long intendedNanos) {
            try (DocumentContext document = appender.writingDocument()) {
                Bytes<?> bytes = document.wire().bytes();
                bytes.writeLong(sequence);
                bytes.writeLong(intendedNanos);
                bytes.write(filler, 0, filler.length);
                bytes.writeLong(JournalMessage.checkWord(sequence));
            }
        }
    }

    private static final class ChronicleTailer implements Tailer {
        private final ExcerptTailer tailer;

        ChronicleTailer(ExcerptTailer tailer) {
            this.tailer = tailer;
        }

        @Override
        public boolean poll(ReadMessage into) {
            try (DocumentContext document = tailer.readingDocument()) {
                if (!document.isPresent()) {
                    return false;
                }
                Bytes<?> bytes = document.wire().bytes();
                long length = bytes.readRemaining();
                if (length != JournalMessage.LENGTH) {
                    throw new IllegalStateException("a message of " + length + " bytes at index " + document.index()
                            + ", expected " + JournalMessage.LENGTH);
                }
                long sequence = bytes.readLong();
                long intendedNanos = bytes.readLong();
                bytes.readSkip(JournalMessage.FILLER_LENGTH);
                into.set(sequence, intendedNanos, bytes.readLong());
                return true;
            }
        }
    }
}
