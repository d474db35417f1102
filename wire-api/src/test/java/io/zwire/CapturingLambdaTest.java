package io.zwire;

import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Schema#capturingLambdas()}: which function objects a type's methods pass that capture, by field. */
class CapturingLambdaTest {
    /** A leg of {@link Capturing}: its setter captures {@code this}, inside a sequence's element. */
    static final class Leg implements Marshallable {
        static final Field VENUE = Field.of(1, "venue");
        String venue;

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(VENUE).text(venue);
        }

        @Override
        public void readMarshallable(WireIn in) {
            in.read(VENUE).text(this, (o, v) -> venue = v);
        }
    }

    /** Every way a function object passed to zwire can capture, one per field. */
    static final class Capturing implements Marshallable {
        static final Field SEQ = Field.of(1, "seq");
        static final Field QTY = Field.of(2, "qty");
        static final Field PRICE = Field.of(3, "price");
        static final Field FILLS = Field.of(4, "fills");
        static final Field LEGS = Field.of(5, "legs");
        static final Field TICK = Field.of(6, "tick");
        long seq;
        long qty;
        double price;
        final List<Long> fills = new ArrayList<>();
        final List<Leg> legs = new ArrayList<>();
        long tick;

        private void setQty(Object ignored, long value) {
            qty = value;
        }

        @Override
        public void writeMarshallable(WireOut out) {
            out.write(SEQ).int64(seq)
               .write(QTY).int64(qty)
               .write(PRICE).float64(price)
               .write(FILLS).sequence(this, (o, s) -> fills.forEach(s::int64))
               .write(LEGS).sequence(this, (o, s) -> o.legs.forEach(s::marshallable))
               .write(TICK).int64(tick);
        }

        @Override
        public void readMarshallable(WireIn in) {
            double scale = 0.01;
            in.read(SEQ).int64(this, (o, v) -> seq = v)
              .read(QTY).int64(this, this::setQty)
              .read(PRICE).float64(this, (o, v) -> o.price = v * scale)
              .read(FILLS).sequence(this, (o, s) -> {
                  fills.clear();
                  while (s.hasNextElement()) {
                      fills.add(s.int64());
                  }
              })
              .read(LEGS).sequence(this, (o, s) -> {
                  List<Leg> into = o.legs;
                  into.clear();
                  while (s.hasNextElement()) {
                      s.marshallable(o, null, Leg::new, (x, leg) -> into.add(leg));
                  }
              })
              .read(TICK).int64(this, (o, v) -> o.tick = v);
        }
    }

    @Test
    void eachCapturingFunctionIsReportedWithItsFieldAndWhatItCaptures() {
        List<CapturingLambda> capturing = Schema.of(Capturing::new).capturingLambdas();
        List<String> lines = capturing.stream().map(CapturingLambda::toString).toList();
        assertEquals(List.of(
                "field seq (1): setter captures this (Capturing.readMarshallable)",
                "field qty (2): setter captures this (Capturing.readMarshallable)",
                "field price (3): setter captures a local of type double (Capturing.readMarshallable)",
                "field fills (4): sequence lambda captures this (Capturing.readMarshallable)",
                "field legs (5): element of legs: setter captures a local of type List (Capturing.readMarshallable)",
                "field venue (1): setter captures this (Leg.readMarshallable)",
                "field fills (4): sequence lambda captures this (Capturing.writeMarshallable)"), lines);
        CapturingLambda seq = capturing.get(0);
        assertEquals(1, seq.fieldNumber());
        assertEquals("seq", seq.fieldName());
        assertTrue(seq.lambdaClass().startsWith(Capturing.class.getName() + "$$Lambda"), seq.lambdaClass());
    }

    @Test
    void theReportIsTheSameEveryTime() {
        String report = Schema.of(Capturing::new).capturingReport();
        assertTrue(report.startsWith("Capturing: 7 capturing lambdas, each a new object per call unless the JIT removes it\n"
                + "  field seq (1): setter captures this (Capturing.readMarshallable)\n"), report);
        assertEquals(report, Schema.of(Capturing::new).capturingReport());
    }

    @Test
    void typesWhoseLambdasCaptureNothingReportNone() {
        assertEquals(List.of(), Schema.of(Order::new).capturingLambdas());
        assertEquals(List.of(), Schema.of(SchemaReadSideTest.Book::new).capturingLambdas());
        AllTypes all = new AllTypes();
        all.parties.add(new Party("p", "a", 1));
        all.matrix.add(List.of(1, 2));
        assertEquals(List.of(), Schema.of(all).capturingLambdas(), "sequences written, nested and nested again");
        assertEquals("Order: no capturing lambdas", Schema.of(Order::new).capturingReport());
    }

    @Test
    void anAnonymousClassWithTheOuterInstanceCapturesThis() {
        final class Anonymous implements Marshallable {
            long id;

            @Override
            public void writeMarshallable(WireOut out) {
                out.write(Capturing.SEQ).int64(id);
            }

            @Override
            public void readMarshallable(WireIn in) {
                in.read(Capturing.SEQ).int64(this, new java.util.function.ObjLongConsumer<Anonymous>() {
                    @Override
                    public void accept(Anonymous o, long v) {
                        id = v;
                    }
                });
            }
        }
        List<CapturingLambda> capturing = Schema.of(Anonymous::new).capturingLambdas();
        assertEquals(1, capturing.size(), capturing::toString);
        assertEquals("field seq (1): setter captures this (Anonymous.readMarshallable)", capturing.get(0).toString());
    }
}
