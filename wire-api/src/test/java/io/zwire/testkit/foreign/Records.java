package io.zwire.testkit.foreign;

import io.zwire.Field;
import io.zwire.Marshaller;
import io.zwire.WireException;
import io.zwire.WireType;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Records read by construction, and their marshallers. */
public final class Records {
    static final Field X = Field.of(1, "x");
    static final Field Y = Field.of(2, "y");
    static final Field SECONDS = Field.of(1, "seconds");
    static final Field NANOS = Field.of(2, "nanos");

    /** Two ints. */
    public record Point(int x, int y) {
    }

    /** Point with a third component the older {@link Point} does not know. */
    public record Point3(int x, int y, int z) {
    }

    /** Point with its components declared the other way round, mapped to the same fields. */
    public record SwappedPoint(int y, int x) {
    }

    /** Nested records, either of which may be null. */
    public record Line(Point from, Point to, String label) {
    }

    /** Every component kind a record marshaller supports. */
    public record Every(boolean flag, byte int8, short int16, char char16, int int32, long int64, float float32,
                        double float64, String text, Side side, byte[] data, Point point, Party party) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Every e && flag == e.flag && int8 == e.int8 && int16 == e.int16
                    && char16 == e.char16 && int32 == e.int32 && int64 == e.int64
                    && Float.compare(float32, e.float32) == 0 && Double.compare(float64, e.float64) == 0
                    && Objects.equals(text, e.text) && side == e.side && Arrays.equals(data, e.data)
                    && Objects.equals(point, e.point) && Objects.equals(party, e.party);
        }

        @Override
        public int hashCode() {
            return Objects.hash(flag, int8, int16, char16, int32, int64, float32, float64, text, side,
                    Arrays.hashCode(data), point, party);
        }

        @Override
        public String toString() {
            return "Every[" + flag + ", " + int8 + ", " + int16 + ", " + (int) char16 + ", " + int32 + ", " + int64 + ", "
                    + float32 + ", " + float64 + ", " + text + ", " + side + ", " + Arrays.toString(data) + ", " + point
                    + ", " + party + "]";
        }
    }

    /** A record that refers to itself. */
    public record Chain(String name, Chain next) {
    }

    /** A List of every element kind a record marshaller supports, read into unmodifiable lists. */
    public record Roster(List<Boolean> flags, List<Byte> int8s, List<Short> int16s, List<Character> chars,
                         List<Integer> int32s, List<Long> int64s, List<Float> float32s, List<Double> float64s,
                         List<String> names, List<Side> sides, List<Point> points, List<Party> parties) {
    }

    /** A record holding a List of itself. */
    public record Tree(String name, List<Tree> children) {
    }

    /** A record with a component no record marshaller supports: a List of byte arrays. */
    public record Blobs(String first, List<byte[]> others) {
    }

    /** A record with a component no record marshaller supports: a List with a wildcard. */
    public record Wild(List<? extends Number> numbers) {
    }

    /** A telemetry reading: an Instant through the marshaller given, a map of tags, an optional name, temperatures. */
    public record VanReading(String van, Instant at, Map<String, String> tags, Optional<String> name, List<Double> temps) {
    }

    /** Maps and optionals of the other kinds: integer keys, nested records, marshalled types, enums, boxes. */
    public record Depot(Map<Integer, VanReading> vans, Map<Long, Instant> lastSeen, Map<String, Side> sides,
                        Map<String, Double> loads, Optional<Instant> opened, Optional<Side> side, Optional<Point> gate,
                        Optional<Party> owner, List<Instant> shifts) {
    }

    /** A reading with the temperatures first and no tags, as another writer's version of {@link VanReading}. */
    public record OtherVanReading(List<Double> temps, String van, String extra) {
    }

    /** A record with a component no record marshaller supports: an Optional of a box, which RAW cannot write as null. */
    public record MaybeCount(Optional<Integer> count) {
    }

    /** A record with a component no record marshaller supports: an OptionalInt, which RAW cannot write as null. */
    public record MaybeInt(java.util.OptionalInt count) {
    }

    /** A record with a component no record marshaller supports: a Map keyed by doubles. */
    public record ByDouble(Map<Double, String> names) {
    }

    /** A hand-written marshaller for an immutable type, through the direct forms. */
    public static final Marshaller<Point> POINTS = Marshaller.immutable(Point.class,
            (p, out) -> out.write(X).int32(p.x()).write(Y).int32(p.y()),
            in -> new Point(in.read(X).int32(), in.read(Y).int32()));

    public static final Marshaller<Point> POINT_RECORDS = Marshaller.ofRecord(Point.class);
    public static final Marshaller<SwappedPoint> SWAPPED_RECORDS = Marshaller.ofRecord(SwappedPoint.class, Y, X);
    public static final Marshaller<Point3> POINT3_RECORDS = Marshaller.ofRecord(Point3.class);

    /** Point's fields the other way round, by hand, to tell a given marshaller from the record rule. */
    public static final Marshaller<Point> SWAPPED_POINTS = Marshaller.immutable(Point.class,
            (p, out) -> out.write(Y).int32(p.y()).write(X).int32(p.x()),
            in -> {
                int y = in.read(Y).int32();
                return new Point(in.read(X).int32(), y);
            });

    public static final Marshaller<Line> LINES = Marshaller.ofRecord(Line.class);
    public static final Marshaller<Every> EVERY = Marshaller.ofRecord(Every.class);
    public static final Marshaller<Chain> CHAINS = Marshaller.ofRecord(Chain.class);
    public static final Marshaller<Roster> ROSTERS = Marshaller.ofRecord(Roster.class);
    public static final Marshaller<Tree> TREES = Marshaller.ofRecord(Tree.class);

    public static final Marshaller<OtherVanReading> OTHER_VAN_READINGS = Marshaller.ofRecord(OtherVanReading.class,
            Field.of(5, "temps"), Field.of(1, "van"), Field.of(6, "extra"));

    public static final Marshaller<Instant> INSTANTS = Marshaller.immutable(Instant.class,
            (t, out) -> out.write(SECONDS).int64(t.getEpochSecond()).write(NANOS).int32(t.getNano()),
            in -> instant(in.wireType(), in.read(SECONDS).int64(), in.read(NANOS).int32()));

    public static final Marshaller<VanReading> VAN_READINGS = Marshaller.ofRecord(VanReading.class, INSTANTS);
    public static final Marshaller<Depot> DEPOTS = Marshaller.ofRecord(Depot.class, INSTANTS);

    /** Values outside Instant's range are bad input: a WireException, after which the next document reads. */
    static Instant instant(WireType wire, long seconds, int nanos) {
        if (seconds < Instant.MIN.getEpochSecond() || seconds > Instant.MAX.getEpochSecond()) {
            throw new WireException(wire.name(), -1, "seconds within Instant's range, not " + seconds);
        }
        if (nanos < 0 || nanos > 999_999_999) {
            throw new WireException(wire.name(), -1, "nanos from 0 to 999,999,999, not " + nanos);
        }
        return Instant.ofEpochSecond(seconds, nanos);
    }

    private Records() {
    }

    /** A point, the instance the garbage harness writes when named {@code Records#POINT_RECORDS}. */
    public static Point sample() {
        return new Point(3, -4);
    }

    /** A {@link Roster} with two elements in every list. */
    public static Roster roster() {
        return new Roster(List.of(true, false), List.of((byte) -7, Byte.MAX_VALUE), List.of((short) -1234, (short) 0),
                List.of('Z', '\u00e9'), List.of(123_456_789, Integer.MIN_VALUE), List.of(-9_876_543_210L, 0L),
                List.of(1.5f, -0.0f), List.of(1.08345, Double.MAX_VALUE), List.of("EURUSD", ""),
                List.of(Side.SELL, Side.BUY), List.of(new Point(3, -4), new Point(0, 0)),
                List.of(new Party("ACME", "A-1", 99), new Party("Bob", null, 2)));
    }

    /** An {@link Every} with every component set to a value that is not its default. */
    public static Every every() {
        return new Every(true, (byte) -7, (short) -1234, 'Z', 123_456_789, -9_876_543_210L, 1.5f, 1.08345, "EURUSD",
                Side.SELL, new byte[] {1, 2, 3, (byte) 0xFF}, new Point(3, -4), new Party("ACME", "A-1", 99));
    }

    /** A reading with every component set: tags in an order that is not sorted, a name, two temperatures. */
    public static VanReading vanReading() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("route", "north-7");
        tags.put("driver", "Zo\u00eb");
        tags.put("fleet", "");
        return new VanReading("VAN-42", Instant.ofEpochSecond(1_795_000_000L, 123_456_789), tags,
                Optional.of("Blue van"), List.of(4.5, -18.25));
    }

    /** A {@link Depot} with every map and optional holding something. */
    public static Depot depot() {
        Map<Integer, VanReading> vans = new LinkedHashMap<>();
        vans.put(7, vanReading());
        vans.put(-1, new VanReading("VAN-1", Instant.EPOCH, Map.of(), Optional.empty(), List.of()));
        return new Depot(vans, Map.of(Long.MAX_VALUE, Instant.ofEpochSecond(-5, 1)), Map.of("dock", Side.SELL),
                Map.of("a", 1.5), Optional.of(Instant.ofEpochSecond(86_400)), Optional.of(Side.BUY),
                Optional.of(new Point(3, -4)), Optional.of(new Party("ACME", "A-1", 99)),
                List.of(Instant.ofEpochSecond(1), Instant.ofEpochSecond(2, 999_999_999)));
    }
}
