package io.zwire.kafka;

import io.zwire.Marshallable;
import io.zwire.TypeRegistry;

/**
 * One registered type as the headers name it: its alias and fingerprint as header values, made
 * once, and, for a deserializer that reuses instances, the one instance it reads into.
 */
final class RecordType {
    private final TypeRegistry.Entry entry;
    private final byte[] alias;
    private final long fingerprint;
    private final byte[] fingerprintBytes;
    private Marshallable reused;

    RecordType(TypeRegistry.Entry entry, TypeRegistry types) {
        this.entry = entry;
        this.alias = ZwireHeaders.nameBytes(entry.alias());
        this.fingerprint = entry.schema(types).fingerprint();
        this.fingerprintBytes = ZwireHeaders.fingerprintBytes(fingerprint);
    }

    String aliasText() {
        return entry.alias();
    }

    Class<?> type() {
        return entry.type();
    }

    byte[] alias() {
        return alias;
    }

    long fingerprint() {
        return fingerprint;
    }

    byte[] fingerprintBytes() {
        return fingerprintBytes;
    }

    /** A new instance per call ({@link Instances#NEW}) or the one kept for this type ({@link Instances#REUSED}). */
    Marshallable target(Instances instances) {
        if (instances == Instances.NEW) {
            return entry.create();
        }
        if (reused == null) {
            reused = entry.create();
        }
        return reused;
    }
}
