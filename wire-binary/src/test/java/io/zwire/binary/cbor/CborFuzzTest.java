package io.zwire.binary.cbor;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.cbor.CBORParser;
import io.zwire.WireType;
import io.zwire.testkit.FuzzComposites;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.JacksonTree;
import io.zwire.testkit.OracleOrder;
import io.zwire.testkit.Oracles;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Coverage-guided fuzzing of the BINARY (CBOR) reader (docs/fuzzing.md): typed reads as Order and
 * AllTypes and plain-value reads of any bytes give a value or a WireException; an Order the typed
 * read accepts is the Order jackson-dataformat-cbor reads from the same bytes, which it parses as
 * exactly one well-formed data item. A document jackson has no reading of (see
 * {@link #JACKSON_HAS_NO_READING}) is checked for a value or a WireException only.
 * {@link #binaryComposite} reads the composite types (maps, foreign types, records:
 * {@link FuzzComposites}) with jackson's trees as the oracle.
 */
@ExtendWith(Oracles.PrintSummary.class)
class CborFuzzTest {
    private static final CBORFactory JACKSON = new CBORFactory();
    private static final String JACKSON_CBOR = "jackson-dataformat-cbor";
    /** The major type of a text string: jackson reads other keys (byte strings, tagged items) as text too. */
    private static final int TEXT = 3;
    /** The major type of a tag. */
    private static final int TAG = 6;
    /**
     * A key under tags: zwire reads a map's key past its tags (a map key is a value, and values
     * read past tags zwire does not define) but takes a field name under a tag for an unknown key
     * (RFC 8949: a tagged item is not a text string); one tree cannot tell the two apart, so the
     * composite oracle cannot judge such a document (corpus {@code binaryComposite/map-key-text-under-thirty-tags},
     * {@code binaryComposite/field-name-under-a-tag}; zwire's reading is
     * {@link CborFuzzFindingsTest#aTaggedTextMapKeyReadsAsItsTextAndATaggedFieldNameIsUnknown}).
     */
    private static final String TAGGED_KEY = "a key under tags";
    /** The major types of integers, which jackson reads as keys by their decimal text. */
    private static final int UNSIGNED = 0;
    private static final int NEGATIVE = 1;
    /**
     * What jackson cannot read although the CBOR is well formed, or reads more strictly than the
     * typed read needs to: map keys other than text and integers, tag numbers of 2^63 and more, bad
     * UTF-8 anywhere, since jackson decodes every key even in what it skips, where the typed read
     * compares a key's bytes with its field names and skips an unknown key undecoded (the UTF-8 of
     * the text it returns is checked, CborBadInputTest.invalidUtf8InText), and the content of a
     * bigfloat or decimal fraction tag, which jackson checks even in what it skips: its shape, and
     * an exponent that fits an int ({@link CborFuzzFindingsTest#aDecimalFractionWithABignumExponentUnderAnUnknownKeyIsSkipped};
     * the trees read every integer as a BigInteger, so only that check says "out of range of int").
     */
    private static final List<String> JACKSON_HAS_NO_READING = List.of("Unsupported major type", "Illegal Tag value",
            "UTF-8", "'bigfloat' value", "out of range of int");

    @FuzzTest
    @Timeout(10)
    void binary(byte[] input) throws Exception {
        FuzzReads.typed(WireType.BINARY, input, Order::new, CborFuzzTest::agreesWithJackson);
        FuzzReads.typed(WireType.BINARY, input, AllTypes::new, FuzzReads.noOracle());
        FuzzReads.plain(WireType.BINARY, input, FuzzReads.noOracle());
    }

    @FuzzTest
    @Timeout(10)
    void binaryComposite(byte[] input) throws Exception {
        FuzzComposites.read(WireType.BINARY, input, CborFuzzTest::jacksonTree);
    }

    /**
     * Jackson's tree of a document, every text and integer key read (jackson names an integer key
     * by its decimal text, as the typed read's {@code textKey} does not: such maps compare through
     * {@link io.zwire.testkit.OracleTrees}' integer match), or null for what jackson has no reading
     * of, or where jackson fails other than by refusing the CBOR (no verdict).
     */
    private static Object jacksonTree(byte[] input, int start, int end) throws Exception {
        JacksonTree tree = new JacksonTree(parser -> {
            int major = (input[(int) parser.currentTokenLocation().getByteOffset()] & 0xFF) >>> 5;
            if (major == TAG) {
                throw Oracles.cannotJudge(new IOException(TAGGED_KEY));
            }
            return major == TEXT || major == UNSIGNED || major == NEGATIVE;
        }, JsonParser::getDoubleValue);
        return Oracles.consult(JACKSON_CBOR, () -> {
            Optional<Object> read = jacksonRead(input, start, end, tree, null);
            return read == null ? null : read.orElse(null);
        });
    }

    private static void agreesWithJackson(byte[] input, int start, int end, Order read) throws Exception {
        Optional<Object> tree;
        try {
            tree = Oracles.consult(JACKSON_CBOR, () -> jacksonRead(input, start, end, jackson(input), OracleOrder.ORDER_KEYS));
        } catch (OracleOrder.DuplicateKey e) {
            return;
        }
        if (tree != null) {
            OracleOrder.assertAgrees(read, tree.orElse(null), false, HexFormat.of().formatHex(input, start, end));
        }
    }

    /**
     * Jackson's reading of one data item, only {@code keys} of maps (all where null), or null where
     * jackson has no reading of the well-formed CBOR ({@link #JACKSON_HAS_NO_READING}); its other
     * refusals pass through, findings since zwire accepted the document.
     */
    private static Optional<Object> jacksonRead(byte[] input, int start, int end, JacksonTree tree, Set<String> keys)
            throws IOException {
        try (CBORParser parser = JACKSON.createParser(input, start, end - start)) {
            parser.nextToken();
            Object read = tree.read(parser, keys);
            assertEquals(null, parser.nextToken(), () -> "one data item in " + HexFormat.of().formatHex(input, start, end));
            return Optional.ofNullable(read);
        } catch (StreamReadException e) {
            if (JACKSON_HAS_NO_READING.stream().anyMatch(e.getOriginalMessage()::contains)) {
                Oracles.refused(JACKSON_CBOR);
                return null;
            }
            throw e;
        }
    }

    /**
     * Jackson's reading of a document of {@code input}. A key that is not a text string (a byte
     * string, a tagged item) is another data item than the text of a field name (RFC 8949), so not
     * a field of the model: the typed read skips it as an unknown key, where jackson reads its
     * bytes as the name.
     */
    private static JacksonTree jackson(byte[] input) {
        return new JacksonTree(parser -> (input[(int) parser.currentTokenLocation().getByteOffset()] & 0xFF) >>> 5 == TEXT,
                JsonParser::getDoubleValue);
    }
}
