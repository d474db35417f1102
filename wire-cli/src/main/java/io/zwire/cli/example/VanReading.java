package io.zwire.cli.example;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

import java.util.Arrays;
import java.util.Objects;

/**
 * A van's temperature readings: text and a sequence of doubles, kept in an array that grows and
 * is reused, so reading allocates nothing once it holds the longest sequence seen. The sequence
 * example of docs/types.md; {@code DocsExamplesTest} round-trips it on every wire and checks it
 * garbage-free.
 */
public final class VanReading implements Marshallable {
    static final Field VAN = Field.of(1, "van");
    static final Field TEMPERATURES = Field.of(2, "temperatures");

    String van;
    double[] temperatures = new double[8];
    int count;

    /** An empty reading, the reused target. */
    public VanReading() {
    }

    /** A reading of {@code van} with no temperature yet. */
    public VanReading(String van) {
        this.van = van;
    }

    /** A reading with three temperatures, as the docs and the garbage check write it. */
    public static VanReading sample() {
        return new VanReading("VAN-7").add(4.5).add(4.75).add(-0.5);
    }

    /** Appends {@code celsius}; allocates only when the array grows. */
    public VanReading add(double celsius) {
        if (count == temperatures.length) {
            temperatures = Arrays.copyOf(temperatures, count * 2);
        }
        temperatures[count++] = celsius;
        return this;
    }

    /** {@return how many temperatures this reading holds} */
    public int count() {
        return count;
    }

    /** {@return the {@code index}th temperature} */
    public double temperature(int index) {
        Objects.checkIndex(index, count);
        return temperatures[index];
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(VAN).text(van)
           .write(TEMPERATURES).sequence(this, (o, seq) -> {
               for (int i = 0; i < o.count; i++) {
                   seq.float64(o.temperatures[i]);
               }
           });
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(VAN).text(this, (o, v) -> o.van = v)
          .read(TEMPERATURES).sequence(this, (o, seq) -> {
              o.count = 0;                                  // a reused reading keeps no stale temperature
              while (seq.hasNextElement()) {
                  o.add(seq.float64());
              }
          });
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VanReading r && Objects.equals(van, r.van)
                && Arrays.equals(temperatures, 0, count, r.temperatures, 0, r.count);
    }

    @Override
    public int hashCode() {
        int hash = Objects.hashCode(van);
        for (int i = 0; i < count; i++) {
            hash = 31 * hash + Double.hashCode(temperatures[i]);
        }
        return hash;
    }

    @Override
    public String toString() {
        return "VanReading{van=" + van + ", temperatures=" + Arrays.toString(Arrays.copyOf(temperatures, count)) + "}";
    }
}
