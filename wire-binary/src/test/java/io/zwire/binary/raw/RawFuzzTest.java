package io.zwire.binary.raw;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.zwire.WireType;
import io.zwire.testkit.FuzzComposites;
import io.zwire.testkit.FuzzReads;
import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the RAW reader (docs/fuzzing.md): typed reads as Order and AllTypes
 * of any bytes give a value or a WireException. RAW has no plain-value path (it carries no
 * metadata) and no oracle. {@link #rawComposite} reads the composite types (maps, foreign types,
 * records: {@link FuzzComposites}) with the re-encode check.
 */
class RawFuzzTest {
    @FuzzTest
    @Timeout(10)
    void raw(byte[] input) throws Exception {
        FuzzReads.typed(WireType.RAW, input, Order::new, FuzzReads.noOracle());
        FuzzReads.typed(WireType.RAW, input, AllTypes::new, FuzzReads.noOracle());
    }

    @FuzzTest
    @Timeout(10)
    void rawComposite(byte[] input) throws Exception {
        FuzzComposites.read(WireType.RAW, input, FuzzComposites.NO_ORACLE);
    }
}
