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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The path of an error inside a typed (polymorphic) object names a field of the class the document
 * holds there: never a field of another class. What the target writes once the read failed would
 * name them wrongly: below a typed object it holds the instance it held before (its setter was not
 * called), or a sequence's first element, of another class, whose field of the same number is
 * another field. So the fields of a typed object are named from what the instance being read
 * writes (or, where its write method fails on it, a new instance of its class), or by number
 * ({@code #2}) where neither can be recorded.
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
        assertEquals("Holding.item.coupon", e.path(), e.getMessage());
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
        assertEquals("Portfolio.items[1].coupon", e.path(), e.getMessage());
    }

    /** A typed holding inside a typed holding: each level is named from its own class. */
    public static final class Wrapper implements Marshallable {
        static final Field INNER = Field.of(2, "inner");
        Marshallable inner;

        @Override public void writeMarshallable(WireOut out) {
            out.write(INNER).typed(inner);
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(INNER).typed(Marshallable.class, this, null, (w, v) -> w.inner = v);
        }
    }

    /** A class whose write method fails, half read or new: its fields can only go by number. */
    public static final class Unrecordable implements Marshallable {
        Double coupon;
        boolean couponAsText;

        @Override public void writeMarshallable(WireOut out) {
            if (couponAsText) {
                out.write(COUPON).text("two and a half");
            } else {
                out.write(COUPON).float64(coupon);
            }
        }

        @Override public void readMarshallable(WireIn in) {
            in.read(COUPON).float64(this, (u, v) -> u.coupon = v);
        }
    }

    static final TypeRegistry NESTED_TYPES = TypeRegistry.builder()
            .add("Cash", Cash.class, Cash::new)
            .add("Bond", Bond.class, Bond::new)
            .add("Wrapper", Wrapper.class, Wrapper::new)
            .add("Unrecordable", Unrecordable.class, Unrecordable::new)
            .build();

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aTypedObjectInsideATypedObjectIsNamedFromEachLevelsOwnClass(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(NESTED_TYPES));
        Wrapper wrapper = new Wrapper();
        wrapper.inner = bondWithATextCoupon();
        Holding sent = new Holding();
        sent.item = wrapper;
        wire.writeDocument(sent);
        Holding reused = new Holding();
        reused.item = new Cash();

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(reused));
        assertEquals("Holding.item.inner.coupon", e.path(), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = WireType.class, names = "RAW", mode = EnumSource.Mode.EXCLUDE)
    void aTypedClassWhoseNewInstanceCannotBeRecordedIsNamedByNumber(WireType type) {
        Wire wire = type.apply(Bytes.elastic(256), WireOptions.defaults().withTypes(NESTED_TYPES));
        Unrecordable unrecordable = new Unrecordable();
        unrecordable.couponAsText = true;
        Holding sent = new Holding();
        sent.item = unrecordable;
        wire.writeDocument(sent);

        WireException e = assertThrows(WireException.class, () -> wire.readDocument(new Holding()));
        assertEquals("Holding.item.#2", e.path(), e.getMessage());
    }
}
