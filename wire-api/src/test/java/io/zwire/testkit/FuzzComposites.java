package io.zwire.testkit;

import io.zwire.Bytes;
import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;
import io.zwire.WireType;
import io.zwire.testkit.foreign.Quote;
import io.zwire.testkit.foreign.QuoteBoard;
import io.zwire.testkit.foreign.QuoteMarshallers;
import io.zwire.testkit.foreign.Records;
import io.zwire.testkit.foreign.Venue;
import io.zwire.testkit.model.MapKinds;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The read paths the composite fuzz targets cover on every wire (docs/fuzzing.md), beyond Order
 * and AllTypes: maps ({@link MapKinds}: text, int32 and int64 keys; numbers, text, enums, objects,
 * sequences and maps as values), a foreign type through its {@code Marshaller} as a document and
 * as map values, null among them ({@link Quote}, {@link QuoteBoard}), and records through
 * {@code Marshaller.ofRecord}: nested ({@link Records.Line}), a List of themselves
 * ({@link Records.Tree}), List components of every element kind ({@link Records.Roster}), every
 * component kind ({@link Records.Every}), and Map and Optional components and a marshalled
 * {@code Instant} ({@link Records.Depot}, holding {@link Records.VanReading}s).
 *
 * <p>Each document a typed read accepts is written again on the same wire and read back: the
 * value must be equal (the re-encode check, the only one on wires without an oracle). Where the
 * wire has a tree oracle, the oracle's tree of the document must agree with its tree of that
 * rewrite ({@link OracleTrees}), for every type whose numbers are int32, int64 or float64: a float32
 * (Roster, Every) is rewritten as the float it holds, which no oracle tree tells from the
 * document's longer spelling of it, so those two are held by the re-encode check alone.
 */
public final class FuzzComposites {
    /**
     * One wire per type to write each accepted value again and read it back: a wire's construction
     * (its text cache and key tables) costs more than the reads, and a fuzz target runs on one thread.
     */
    private static final Map<WireType, Wire> REWRITES = new EnumMap<>(WireType.class);

    private FuzzComposites() {
    }

    /** An oracle's tree of a document, as {@link OracleTrees} compares them. */
    @FunctionalInterface
    public interface TreeOracle {
        /**
         * @return the tree of {@code input[start, end)}, or null where the oracle cannot judge it
         * @throws OracleOrder.DuplicateKey where a mapping holds a key twice: not compared
         * @throws Exception an oracle's refusal the wire's target counts as a finding
         */
        Object tree(byte[] input, int start, int end) throws Exception;
    }

    /** The tree oracle of a wire that has none. */
    public static final TreeOracle NO_ORACLE = (input, start, end) -> null;

    /** How one composite type is read and written. */
    private record Codec<T>(Function<Wire, T> reader, BiConsumer<Wire, T> writer) {
        static <T extends Marshallable> Codec<T> of(java.util.function.Supplier<T> factory) {
            return new Codec<>(wire -> {
                T target = factory.get();
                return wire.readDocument(target) ? target : null;
            }, Wire::writeDocument);
        }

        static <T> Codec<T> of(Marshaller<T> marshaller) {
            return new Codec<>(wire -> wire.readDocument(null, marshaller), (wire, value) -> wire.writeDocument(value, marshaller));
        }
    }

    /**
     * Reads {@code input} on {@code type} as each composite type, checking each accepted document
     * as the class comment says.
     *
     * @param oracle the wire's tree oracle, or {@link #NO_ORACLE}
     * @throws Exception a finding, or an oracle's refusal the target counts as one
     */
    public static void read(WireType type, byte[] input, TreeOracle oracle) throws Exception {
        TreeOracle inputTrees = remembered(oracle);
        FuzzReads.typed(type, input, MapKinds::new, checked(type, Codec.of(MapKinds::new), inputTrees, oracle));
        FuzzReads.typed(type, input, QuoteBoard::new, checked(type, Codec.of(QuoteBoard::new), inputTrees, oracle));
        FuzzReads.foreign(type, input, QuoteMarshallers.QUOTES, checked(type, Codec.of(QuoteMarshallers.QUOTES), inputTrees, oracle));
        FuzzReads.foreign(type, input, Records.LINES, checked(type, Codec.of(Records.LINES), inputTrees, oracle));
        FuzzReads.foreign(type, input, Records.TREES, checked(type, Codec.of(Records.TREES), inputTrees, oracle));
        FuzzReads.foreign(type, input, Records.ROSTERS, checked(type, Codec.of(Records.ROSTERS), NO_ORACLE, NO_ORACLE));
        FuzzReads.foreign(type, input, Records.EVERY, checked(type, Codec.of(Records.EVERY), NO_ORACLE, NO_ORACLE));
        FuzzReads.foreign(type, input, Records.DEPOTS, checked(type, Codec.of(Records.DEPOTS), NO_ORACLE, NO_ORACLE));
    }

    /**
     * {@code oracle} remembering its tree of each document range of one input, which every type
     * that accepts the document compares with: an oracle tree costs more than the typed reads.
     */
    private static TreeOracle remembered(TreeOracle oracle) {
        Map<Long, Object> trees = new HashMap<>();
        return (input, start, end) -> {
            long range = (long) start << 32 | end;
            Object tree = trees.get(range);
            if (tree == null && !trees.containsKey(range)) {
                try {
                    tree = oracle.tree(input, start, end);
                } catch (OracleOrder.DuplicateKey e) {
                    tree = e;
                }
                trees.put(range, tree);
            }
            if (tree instanceof OracleOrder.DuplicateKey e) {
                throw e;
            }
            return tree;
        };
    }

    private static <T> FuzzReads.Accepted<T> checked(WireType type, Codec<T> codec, TreeOracle inputTrees, TreeOracle oracle) {
        return (input, start, end, value) -> {
            String document = type.isText() ? new String(input, start, end - start, java.nio.charset.StandardCharsets.UTF_8)
                    : HexFormat.of().formatHex(input, start, end);
            Wire rewrite = REWRITES.computeIfAbsent(type, t -> t.apply(Bytes.elastic(256), FuzzReads.OPTIONS));
            rewrite.bytes().clear();
            codec.writer().accept(rewrite, value);
            byte[] rewritten = rewrite.bytes().toByteArray();
            T again = codec.reader().apply(rewrite);
            assertEquals(value, again, () -> "read again from zwire's rewrite of what it read from " + document);
            Object inputTree;
            Object rewrittenTree;
            try {
                inputTree = inputTrees.tree(input, start, end);
                rewrittenTree = inputTree == null ? null : oracle.tree(rewritten, 0, rewritten.length);
            } catch (OracleOrder.DuplicateKey e) {
                return;
            }
            if (rewrittenTree != null) {
                OracleTrees.assertAgrees(inputTree, rewrittenTree, document);
            }
        };
    }

    /** Samples of every composite type, for the seed corpus. */
    private static List<byte[]> samples(WireType type) {
        Wire maps = type.apply(Bytes.elastic(256), FuzzReads.OPTIONS);
        maps.writeDocument(MapKinds.sample());
        Wire board = type.apply(Bytes.elastic(256), FuzzReads.OPTIONS);
        board.writeDocument(new QuoteBoard().put("EURUSD", QuoteMarshallers.sample()).put("none", null)
                .put("GBPUSD", new Quote(7, "GBPUSD", -1.5, 3, Side.BUY, false, null)).seq(99));
        Wire quote = type.apply(Bytes.elastic(256), FuzzReads.OPTIONS);
        quote.writeDocument(new Quote(1, "X", 2.5, -4, Side.SELL, true, new Venue("V", 3)), QuoteMarshallers.QUOTES);
        Wire records = type.apply(Bytes.elastic(256), FuzzReads.OPTIONS);
        records.writeDocument(new Records.Line(new Records.Point(1, -2), null, "edge"), Records.LINES);
        records.writeDocument(new Records.Tree("root", List.of(new Records.Tree("leaf", List.of()))), Records.TREES);
        records.writeDocument(Records.roster(), Records.ROSTERS);
        records.writeDocument(Records.every(), Records.EVERY);
        records.writeDocument(new Records.Every(false, (byte) 0, (short) 0, '\0', 0, 0, 0, 0, null, null, null, null,
                new Party()), Records.EVERY);
        records.writeDocument(Records.depot(), Records.DEPOTS);
        return List.of(maps.bytes().toByteArray(), board.bytes().toByteArray(), quote.bytes().toByteArray(),
                records.bytes().toByteArray());
    }

    /**
     * Writes the seed corpus of one wire's composite target into {@code dir}: a MapKinds, a
     * QuoteBoard, a Quote document, the records (a Line, a Tree, a Roster, two Everys and a Depot in
     * one stream), and malformed variants (cut short, one byte flipped, one byte dropped).
     */
    public static void writeSeeds(WireType type, Path dir) throws IOException {
        List<String> names = List.of("map-kinds", "quote-board", "quote", "records");
        List<byte[]> samples = samples(type);
        for (int i = 0; i < samples.size(); i++) {
            byte[] sample = samples.get(i);
            FuzzReads.seed(dir, names.get(i), sample);
            FuzzReads.seed(dir, names.get(i) + "-one-byte-flipped", FuzzReads.flipOne(sample));
        }
        byte[] maps = samples.get(0);
        FuzzReads.seed(dir, "map-kinds-cut-short", Arrays.copyOf(maps, maps.length * 2 / 3));
        byte[] records = samples.get(3);
        FuzzReads.seed(dir, "records-one-byte-dropped", FuzzReads.dropOne(records));
    }
}
