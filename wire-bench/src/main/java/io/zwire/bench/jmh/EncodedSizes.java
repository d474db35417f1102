package io.zwire.bench.jmh;

import io.zwire.bench.codec.Codecs;
import io.zwire.bench.model.Workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The encoded size of each workload in each format: one encode per pair, in this JVM. */
public final class EncodedSizes {
    private EncodedSizes() {
    }

    /** workload, then codec, to bytes; in the order given. Allocates. */
    public static Map<Workload, Map<String, Integer>> measure(List<Workload> workloads, List<String> codecs) {
        Map<Workload, Map<String, Integer>> sizes = new LinkedHashMap<>();
        for (Workload workload : workloads) {
            Map<String, Integer> byCodec = new LinkedHashMap<>();
            for (String codec : codecs) {
                byCodec.put(codec, Codecs.create(codec, workload).encode());
            }
            sizes.put(workload, byCodec);
        }
        return sizes;
    }
}
