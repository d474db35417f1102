package io.zwire.binary.support;

import io.zwire.testkit.model.AllTypes;
import io.zwire.example.Order;
import io.zwire.example.Party;
import io.zwire.example.Side;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random instances of the test model for the oracle tests: every field sometimes null or
 * default, integers across their full range and near zero, floats from random bits (NaN,
 * infinities, subnormals), text from every UTF-8 length class (no unpaired surrogates, which
 * every encoder replaces).
 */
public final class RandomModel {
    private static final Side[] SIDES = Side.values();

    private final Random random;

    public RandomModel(long seed) {
        this.random = new Random(seed);
    }

    public String text() {
        int length = random.nextInt(4) == 0 ? 0 : random.nextInt(24);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(6)) {
                case 0, 1 -> text.append((char) (0x20 + random.nextInt(0x5F)));
                case 2 -> text.append((char) random.nextInt(0x20));
                case 3 -> text.append((char) (0x80 + random.nextInt(0x780)));
                case 4 -> text.append((char) (0x800 + random.nextInt(0xD000)));
                default -> text.appendCodePoint(0x10000 + random.nextInt(0x100000));
            }
        }
        return text.toString();
    }

    public String textOrNull() {
        return random.nextInt(5) == 0 ? null : text();
    }

    public long int64() {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextLong();
            case 1 -> random.nextInt(256) - 128;
            case 2 -> random.nextInt();
            default -> random.nextLong() >> random.nextInt(64);
        };
    }

    public int int32() {
        return random.nextBoolean() ? random.nextInt() : random.nextInt(2000) - 1000;
    }

    public double float64() {
        return random.nextInt(4) == 0 ? random.nextInt(1_000_000) / 100.0 : Double.longBitsToDouble(random.nextLong());
    }

    public float float32() {
        return random.nextInt(4) == 0 ? random.nextInt(10_000) / 4f : Float.intBitsToFloat(random.nextInt());
    }

    public Side sideOrNull() {
        return random.nextInt(3) == 0 ? null : SIDES[random.nextInt(SIDES.length)];
    }

    public Party party() {
        return new Party(textOrNull(), textOrNull(), int64());
    }

    public Party partyOrNull() {
        return random.nextInt(4) == 0 ? null : party();
    }

    public Order order() {
        return new Order(int64(), textOrNull(), float64(), int64(), sideOrNull(), partyOrNull());
    }

    public AllTypes allTypes() {
        AllTypes all = new AllTypes();
        all.int8 = (byte) random.nextInt();
        all.int16 = (short) random.nextInt();
        all.uint16 = random.nextInt(0x10000);
        all.int32 = int32();
        all.int64 = int64();
        all.float32 = float32();
        all.float64 = float64();
        all.bool = random.nextBoolean();
        all.char16 = (char) random.nextInt(0x10000);
        all.text = textOrNull();
        all.note.append(text());
        if (random.nextInt(4) != 0) {
            all.data = new byte[random.nextInt(40)];
            random.nextBytes(all.data);
        }
        all.side = sideOrNull();
        all.party = partyOrNull();
        for (int i = random.nextInt(6); i > 0; i--) {
            all.longs.add(int64());
        }
        for (int i = random.nextInt(5); i > 0; i--) {
            all.tags.add(text());
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            all.parties.add(party());
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            List<Integer> row = new ArrayList<>();
            for (int j = random.nextInt(5); j > 0; j--) {
                row.add(int32());
            }
            all.matrix.add(row);
        }
        all.payload = switch (random.nextInt(3)) {
            case 0 -> null;
            case 1 -> order();
            default -> party();
        };
        return all;
    }
}
