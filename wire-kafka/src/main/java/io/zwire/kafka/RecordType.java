package io.zwire.kafka;

import io.zwire.Schema;
import io.zwire.TypeRegistry;

/**
 * One registered type as the headers name it: its alias and fingerprint as header values, made
 * once, its position among the registry's record types (where a reading thread keeps its reused
 * instance), and why RAW would misread it, if it would. Immutable: shared by every thread.
 */
final class RecordType {
    private final TypeRegistry.Entry entry;
    private final int index;
    private final byte[] alias;
    private final long fingerprint;
    private final byte[] fingerprintBytes;
    private final String rawProblem;

    RecordType(TypeRegistry.Entry entry, int index, TypeRegistry types) {
        this.entry = entry;
        this.index = index;
        this.alias = ZwireHeaders.nameBytes(entry.alias());
        Schema schema = entry.schema(types);
        this.fingerprint = schema.fingerprint();
        this.fingerprintBytes = ZwireHeaders.fingerprintBytes(fingerprint);
        this.rawProblem = schema.rawProblem().orElse(null);
    }

    TypeRegistry.Entry entry() {
        return entry;
    }

    int index() {
        return index;
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

    /** Why a RAW record of this type would be misread (its read order or kinds differ from its write's), or null. */
    String rawProblem() {
        return rawProblem;
    }
}
