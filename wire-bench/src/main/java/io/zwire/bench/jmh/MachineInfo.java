package io.zwire.bench.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A one-line description of the machine, for the header of a benchmark report. */
public final class MachineInfo {
    private MachineInfo() {
    }

    /** CPU model (where {@code /proc/cpuinfo} says), cores available to the JVM, OS and memory. Allocates. */
    public static String describe() {
        long memoryGib = Math.round(totalMemoryBytes() / (1024.0 * 1024 * 1024));
        return cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores, "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch")
                + (memoryGib > 0 ? ", " + memoryGib + " GiB RAM" : "");
    }

    /**
     * {@link #describe()} and the system's load average over the last minute, as the OS reports
     * it: a run on a machine shared with other work says so. Allocates.
     */
    public static String describeWithLoad() {
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return describe() + (load < 0 ? "" : String.format(java.util.Locale.ROOT, ", load average %.1f when the run began", load));
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        try {
            if (Files.isReadable(cpuinfo)) {
                for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
                    if (line.startsWith("model name")) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            }
        } catch (IOException e) {
            // Not Linux, or not readable: the model is a nicety.
            return "unknown CPU";
        }
        return "unknown CPU";
    }

    private static long totalMemoryBytes() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : 0;
    }
}
