package io.zwire.json;

import io.zwire.Field;
import io.zwire.internal.RecentValues;
import io.zwire.text.keys.FieldKeys;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FieldKeysTest {
    static String written(FieldKeys keys, Field field, boolean comma) {
        int slot = keys.slot(field);
        byte[] out = new byte[64];
        int end = comma ? keys.copyAfter(',', slot, out, 3) : keys.copy(slot, out, 3);
        byte[] exact = new byte[64];
        keys.copyExactly(slot, exact, 0);
        String key = new String(exact, 0, keys.length(slot), StandardCharsets.UTF_8);
        assertEquals((comma ? "," : "") + key, new String(out, 3, end - 3, StandardCharsets.UTF_8));
        return key;
    }

    @Test
    void encodesPlainNamesAsQuotedKeysAndRefusesTheRest() {
        FieldKeys keys = new FieldKeys(JsonKeySpelling::spell);
        assertEquals("\"qty\":", written(keys, Field.of(1, "qty"), true));
        assertEquals("\"price\":", written(keys, Field.of(2, "price"), false));
        assertEquals("\"caf\u00e9 \uD83D\uDE00\":", written(keys, Field.of(3, "caf\u00e9 \uD83D\uDE00"), true));
        String longest = "n".repeat(FieldKeys.MAX_KEY_LENGTH - 3);
        assertEquals("\"" + longest + "\":", written(keys, Field.of(4, longest), true));
        for (String name : new String[] {"a\"b", "a\\b", "a\nb", "n".repeat(FieldKeys.MAX_KEY_LENGTH - 2)}) {
            assertEquals(-1, keys.slot(Field.of(5, name)), name);
        }
    }

    /** Names whose hashes pick the same set of slots. */
    static List<Field> colliding(int count) {
        List<List<Field>> bySet = new ArrayList<>();
        for (int i = 0; i < 256; i++) {
            bySet.add(new ArrayList<>());
        }
        for (int i = 0; ; i++) {
            Field field = Field.of(1, "k" + i);
            List<Field> set = bySet.get(field.nameHash() & 255);
            set.add(field);
            if (set.size() == count) {
                return set;
            }
        }
    }

    @Test
    void fieldsThatCollideKeepTheirOwnKeysEvenWhenTheyEvictEachOther() {
        FieldKeys keys = new FieldKeys(JsonKeySpelling::spell);
        List<Field> fields = colliding(7);
        for (int round = 0; round < 5; round++) {
            for (Field field : fields) {
                assertEquals("\"" + field.name() + "\":", written(keys, field, round % 2 == 0));
            }
        }
        List<Field> four = fields.subList(0, 4);
        int[] slots = four.stream().mapToInt(keys::slot).toArray();
        assertEquals(4, Arrays.stream(slots).distinct().count(), "four colliding fields share a set without evicting");
        for (int round = 0; round < 3; round++) {
            assertTrue(Arrays.equals(slots, four.stream().mapToInt(keys::slot).toArray()));
        }
    }

    @Test
    void matchesTheKeyAndNothingElseUpToTheEndOfTheInput() {
        FieldKeys keys = new FieldKeys(JsonKeySpelling::spell);
        for (String name : new String[] {"q", "qty", "symbol", "account", "twelve_chars", "a_name_of_twenty_one_"}) {
            int slot = keys.slot(Field.of(1, name));
            String key = "\"" + name + "\":";
            for (int pad = 0; pad < 20; pad++) {
                byte[] input = (" ".repeat(pad) + "," + key + "1").getBytes(StandardCharsets.UTF_8);
                assertTrue(keys.matches(slot, input, pad + 1), name + " at " + pad);
                assertTrue(keys.matchesAfterComma(slot, input, pad, input.length), name + " after a comma at " + pad);
                byte[] exactEnd = (" ".repeat(pad) + "," + key).getBytes(StandardCharsets.UTF_8);
                assertTrue(keys.matchesAfterComma(slot, exactEnd, pad, exactEnd.length), "ending with the key");
                assertFalse(keys.matchesAfterComma(slot, exactEnd, pad, exactEnd.length - 1), "limit before the key's end");
                for (int i = pad; i < input.length - 1; i++) {
                    byte[] changed = input.clone();
                    changed[i] ^= 1;
                    assertFalse(keys.matchesAfterComma(slot, changed, pad, changed.length), name + " with byte " + i + " changed");
                }
            }
        }
    }

    @Test
    void recentValuesReturnAValueOnlyForItsExactBytes() {
        RecentValues recent = new RecentValues(FieldKeys.SLOT_COUNT);
        byte[] input = " EURUSD EURUSX EURUS Meridian Capital Partners ".getBytes(StandardCharsets.UTF_8);
        assertEquals(null, recent.match(3, input, 1, 6));
        recent.remember(3, input, 1, 6, "EURUSD");
        assertEquals("EURUSD", recent.match(3, input, 1, 6));
        assertEquals(null, recent.match(3, input, 8, 6), "one byte differs");
        assertEquals(null, recent.match(3, input, 15, 5), "a prefix");
        assertEquals(null, recent.match(4, input, 1, 6), "another slot");
        recent.remember(3, input, 21, 25, "Meridian Capital Partners");
        assertEquals("Meridian Capital Partners", recent.match(3, input, 21, 25));
        assertEquals(null, recent.match(3, input, 1, 6), "replaced");
        byte[] atTheEnd = "xx EURUSD".getBytes(StandardCharsets.UTF_8);
        recent.remember(5, atTheEnd, 3, 6, "EURUSD");
        assertEquals("EURUSD", recent.match(5, atTheEnd, 3, 6), "compared byte by byte near the array's end");
        assertEquals("EURUSD", recent.match(5, input, 1, 6));
        byte[] tooLong = "x".repeat(RecentValues.MAX_BYTES + 1).getBytes(StandardCharsets.UTF_8);
        recent.remember(6, tooLong, 0, tooLong.length, "long");
        assertEquals(null, recent.match(6, tooLong, 0, tooLong.length), "not kept");
    }

    @Test
    void recentValuesGiveAWriterItsBytesBackOnlyForTheSameInstance() {
        RecentValues recent = new RecentValues(FieldKeys.SLOT_COUNT);
        String symbol = "EURUSD";
        String equalCopy = new String(symbol.toCharArray());
        byte[] written = "..\"EURUSD\"".getBytes(StandardCharsets.UTF_8);
        assertEquals(-1, recent.writtenLength(7, symbol));
        assertTrue(recent.worthRemembering(7), "the first miss");
        recent.remember(7, written, 2, 8, symbol);
        assertEquals(8, recent.writtenLength(7, symbol));
        assertEquals(-1, recent.writtenLength(7, equalCopy), "an equal string that is another instance");
        byte[] out = new byte[8 + RecentValues.copyRoom(8)];
        assertEquals(11, recent.copy(7, out, 3));
        assertArrayEquals("\"EURUSD\"".getBytes(StandardCharsets.UTF_8), Arrays.copyOfRange(out, 3, 11));

        // A field whose text is new every time has it remembered once in sixteen misses; a hit starts the count again.
        for (int round = 0; round < 2; round++) {
            int remembered = 0;
            for (int miss = 0; miss < 32; miss++) {
                assertEquals(-1, recent.writtenLength(7, equalCopy));
                if (recent.worthRemembering(7)) {
                    assertEquals(0, miss % 16, "remembered at miss " + miss);
                    remembered++;
                }
            }
            assertEquals(2, remembered);
            assertEquals(8, recent.writtenLength(7, symbol), "still the last one remembered");
        }
    }
}
