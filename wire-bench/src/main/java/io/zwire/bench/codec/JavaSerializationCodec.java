package io.zwire.bench.codec;

import io.zwire.bench.model.Ints14Values;
import io.zwire.bench.model.MyData;
import io.zwire.bench.model.OrderValues;
import io.zwire.bench.model.Workload;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * The JDK's own serialization: a new {@link ObjectOutputStream} per message into a reused
 * buffer, a new {@link ObjectInputStream} per message, which always creates a new object. The
 * input is filtered to the benchmark's own classes, as any deserialization of bytes should be.
 */
final class JavaSerializationCodec implements BenchCodec {
    private static final ObjectInputFilter ONLY_MODEL =
            ObjectInputFilter.Config.createFilter("io.zwire.bench.model.*;io.zwire.example.Side;java.lang.Enum;!*");

    private final ByteSink sink = new ByteSink(1024);
    private final Serializable source;

    JavaSerializationCodec(Workload workload) {
        this.source = switch (workload) {
            case INTS14 -> new Ints14Values().fill(Workload.INTS14_SEED);
            case MY_DATA -> MyData.sample();
            case ORDER -> OrderValues.of(Workload.order());
        };
    }

    @Override
    public int encode() {
        sink.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(sink)) {
            out.writeObject(source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.size();
    }

    @Override
    public Object decode() {
        if (sink.size() == 0) {
            throw new IllegalStateException("nothing encoded to decode");
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(sink.array(), 0, sink.size()))) {
            in.setObjectInputFilter(ONLY_MODEL);
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Object source() {
        return source;
    }

    @Override
    public byte[] encoded() {
        if (sink.size() == 0) {
            throw new IllegalStateException("nothing encoded");
        }
        return sink.toByteArray();
    }
}
