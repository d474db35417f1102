package io.zwire.crosswire;

import io.zwire.Bytes;
import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.TypeRegistry;
import io.zwire.Wire;
import io.zwire.WireException;
import io.zwire.WireIn;
import io.zwire.WireOptions;
import io.zwire.WireOut;
import io.zwire.WireType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The path of an error inside a typed (polymorphic) object names a field of the class the document
 * holds there, or gives its number ({@code #2}): never a field of another class. Names come from
 * what the target writes once the read failed, which below a typed object is the instance the
 * target held before (its setter was not called) or a sequence's first element: another class,
 * whose field of the same number is another field. So levels below a typed object go by number.
 */
class ErrorPathOfTypedObjectsTest {
    static final Field ITEM = Field.of(1, "item");
    static final Field ITEMS = Field.of(1, "items");
    static final Field AMOUNT = Field.of(1, "amount");
    static final Field CURRENCY = Field.of(2, "currency");
    static final Field ISIN = Field.of(1, "isin");
    static final Field COUPON = Field.of(2, "coupon");
    static final TypeRegistry TYPES = TypeRegistry.builder()
            .add("Cash", Cash.class, Cash::new)
            .add("Bond", Bond.class, Bond::new)
            .build();
    /** What the bond's refused coupon may be called: its name, or its number. */
    static final Set<String> COUPON_SEGMENTS = Set.of("coupon", "#2");

    public static final class Cash implements Marshallable {
        double amount = 5;
        String currency = "EUR";

        @Override public void writeMarshallable(WireOut out) {
            out.write(AMOUNT).float64(amount).write(CURRENCY).text(currency);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(AMOUNT).float64(this, (c, v) -> c.amount = v).read(CURRENCY).text(this, (c, v) -> c.currency = v);
        }
    }

    /** A bond whose sender may write its coupon as text, which the reader refuses. */
    public static final class Bond implements Marshallable {
        String isin = "XS0000000001";
        double coupon = 2.5;
        boolean couponAsText;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ISIN).text(isin);
            if (couponAsText) {
                out.write(COUPON).text("two and a half");
            } else {
                out.write(COUPON).float64(coupon);
            }
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ISIN).text(this, (b, v) -> b.isin = v).read(COUPON).float64(this, (b, v) -> b.coupon = v);
        }
    }

    /** One holding of any registered class, read into the instance held when it is of the same class. */
    public static final class Holding implements Marshallable {
        Marshallable item;

        @Override public void writeMarshallable(WireOut out) {
            out.write(ITEM).typed(item);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ITEM).typed(Marshallable.class, this, item, (h, v) -> h.item = v);
        }
    }

    public static final class Portfolio implements Marshallable {
        final List<Marshallable> items = new ArrayList<>();

        @Override public void writeMarshallable(WireOut out) {
            out.write(ITEMS).sequence(this, (p, seq) -> {
                for (Marshallable item : p.items) {
                    seq.typed(item);
                }
            });
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(ITEMS).sequence(this, (p, seq) -> {
                p.items.clear();
                while (seq.hasNextElement()) {
                    seq.typed(Marshallable.class, p, null, (q, v) -> q.items.add(v));
                }
            });
        }
    }

    private static Wire wire(WireType type) {
        return type.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(TYPES));
    }

    private static Bond bondWithATextCoupon() {
        Bond bond = new Bond();
        bond.couponAsText = true;
        return bond;
    }

    private static void assertPathEndsWithTheCoupon(String prefix, WireException e) {
        String path = e.path();
        assertTrue(path != null && path.startsWith(prefix)
                && COUPON_SEGMENTS.contains(path.substring(prefix.length())), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aTypedObjectsFieldIsNamedFromTheClassTheDocumentHoldsNotTheOneTheTargetHeldBefore(WireType type) {
        Wire wire = wire(type);
        Holding cash = new Holding();
        cash.item = new Cash();
        Holding bond = new Holding();
        bond.item = bondWithATextCoupon();
        wire.writeDocument(cash);
        wire.writeDocument(bond);
        Holding reused = new Holding();
        wire.readDocument(reused);
        assertEquals(Cash.class, reused.item.getClass());

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(reused));
        assertPathEndsWithTheCoupon("Holding.item.", e);
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aTypedElementsFieldIsNamedFromItsOwnClassNotTheFirstElements(WireType type) {
        Wire wire = wire(type);
        Portfolio sent = new Portfolio();
        sent.items.add(new Cash());
        sent.items.add(bondWithATextCoupon());
        wire.writeDocument(sent);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Portfolio()));
        assertPathEndsWithTheCoupon("Portfolio.items[1].", e);
    }
}
