/**
 * zwire's support for users' tests ({@code io.zwire.test}): garbage assertions on their own
 * {@link io.zwire.Marshallable} types, in process or in forked JVMs; a JUnit 5 annotation that makes
 * the forked check one line; round-trip and schema checks. Requires the JDK, {@code io.zwire} and
 * JUnit Jupiter's API only. {@code io.zwire.test.harness}, the forked-JVM machinery, is not API.
 */
module io.zwire.test {
    requires transitive io.zwire;
    requires transitive org.junit.jupiter.api;
    // The exact per-thread allocation counter (com.sun.management.ThreadMXBean).
    requires jdk.management;
    // JFR's allocation samples, read only in the forked JVM that diagnoses a failed check (on the
    // class path): the test JVM never loads it, so a runtime without jdk.jfr still runs every check.
    requires static jdk.jfr;

    exports io.zwire.test;
}
