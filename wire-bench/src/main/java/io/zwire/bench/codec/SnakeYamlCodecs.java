package io.zwire.bench.codec;

import io.zwire.bench.model.Ints14Values;
import io.zwire.bench.model.MyData;
import io.zwire.bench.model.OrderValues;
import io.zwire.bench.model.PartyValues;
import io.zwire.bench.model.Workload;
import io.zwire.example.Side;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * snakeyaml-engine the way applications use it: the object becomes a {@code Map} that is dumped
 * as block-style YAML (the style of zwire's YAML wire), and a document is loaded back into a
 * {@code Map} whose values fill the reused object. The encoded form is the UTF-8 bytes.
 */
final class SnakeYamlCodecs {
    private SnakeYamlCodecs() {
    }

    static BenchCodec create(Workload workload) {
        return switch (workload) {
            case INTS14 -> new YamlCodec<>(new Ints14Values().fill(Workload.INTS14_SEED), new Ints14Values(),
                    SnakeYamlCodecs::ints14ToMap, SnakeYamlCodecs::ints14FromMap);
            case MY_DATA -> new YamlCodec<>(MyData.sample(), new MyData(),
                    SnakeYamlCodecs::myDataToMap, SnakeYamlCodecs::myDataFromMap);
            case ORDER -> new YamlCodec<>(OrderValues.of(Workload.order()), new OrderValues(),
                    SnakeYamlCodecs::orderToMap, SnakeYamlCodecs::orderFromMap);
        };
    }

    /** Turns an object into the map that is dumped. */
    private interface ToMap<T> {
        Map<String, Object> apply(T value);
    }

    /** Fills {@code target} from a loaded map and returns it. */
    private interface FromMap<T> {
        T apply(Map<?, ?> map, T target);
    }

    private static final class YamlCodec<T> implements BenchCodec {
        private final Dump dump = new Dump(DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).build());
        private final Load load = new Load(LoadSettings.builder().build());
        private final T source;
        private final T target;
        private final ToMap<T> toMap;
        private final FromMap<T> fromMap;
        private byte[] encoded;

        YamlCodec(T source, T target, ToMap<T> toMap, FromMap<T> fromMap) {
            this.source = source;
            this.target = target;
            this.toMap = toMap;
            this.fromMap = fromMap;
        }

        @Override
        public int encode() {
            encoded = dump.dumpToString(toMap.apply(source)).getBytes(StandardCharsets.UTF_8);
            return encoded.length;
        }

        @Override
        public Object decode() {
            if (encoded == null) {
                throw new IllegalStateException("nothing encoded to decode");
            }
            Object loaded = load.loadFromString(new String(encoded, StandardCharsets.UTF_8));
            if (!(loaded instanceof Map<?, ?> map)) {
                throw new IllegalStateException("expected a YAML mapping, loaded " + loaded);
            }
            return fromMap.apply(map, target);
        }

        @Override
        public Object source() {
            return source;
        }

        @Override
        public byte[] encoded() {
            if (encoded == null) {
                throw new IllegalStateException("nothing encoded");
            }
            return encoded.clone();
        }
    }

    private static Map<String, Object> ints14ToMap(Ints14Values s) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("f1", s.f1);
        map.put("f2", s.f2);
        map.put("f3", s.f3);
        map.put("f4", s.f4);
        map.put("f5", s.f5);
        map.put("f6", s.f6);
        map.put("f7", s.f7);
        map.put("f8", s.f8);
        map.put("f9", s.f9);
        map.put("f10", s.f10);
        map.put("f11", s.f11);
        map.put("f12", s.f12);
        map.put("f13", s.f13);
        map.put("f14", s.f14);
        return map;
    }

    private static Ints14Values ints14FromMap(Map<?, ?> map, Ints14Values t) {
        t.f1 = intValue(map, "f1");
        t.f2 = intValue(map, "f2");
        t.f3 = intValue(map, "f3");
        t.f4 = intValue(map, "f4");
        t.f5 = intValue(map, "f5");
        t.f6 = intValue(map, "f6");
        t.f7 = intValue(map, "f7");
        t.f8 = intValue(map, "f8");
        t.f9 = intValue(map, "f9");
        t.f10 = intValue(map, "f10");
        t.f11 = intValue(map, "f11");
        t.f12 = intValue(map, "f12");
        t.f13 = intValue(map, "f13");
        t.f14 = intValue(map, "f14");
        return t;
    }

    private static Map<String, Object> myDataToMap(MyData s) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("b", s.b());
        map.put("c", String.valueOf(s.c()));
        map.put("s", s.s());
        map.put("i", s.i());
        map.put("f", s.f());
        map.put("l", s.l());
        map.put("d", s.d());
        return map;
    }

    private static MyData myDataFromMap(Map<?, ?> map, MyData t) {
        Object c = map.get("c");
        return t.set((byte) intValue(map, "b"), c instanceof String text && text.length() == 1 ? text.charAt(0) : '\0',
                (short) intValue(map, "s"), intValue(map, "i"), (float) doubleValue(map, "f"), longValue(map, "l"),
                doubleValue(map, "d"));
    }

    private static Map<String, Object> orderToMap(OrderValues s) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("id", s.id);
        map.put("symbol", s.symbol);
        map.put("price", s.price);
        map.put("qty", s.qty);
        map.put("side", s.side == null ? null : s.side.name());
        if (s.party == null) {
            map.put("party", null);
        } else {
            Map<String, Object> party = new LinkedHashMap<>();
            party.put("name", s.party.name);
            party.put("account", s.party.account);
            party.put("id", s.party.id);
            map.put("party", party);
        }
        return map;
    }

    private static OrderValues orderFromMap(Map<?, ?> map, OrderValues t) {
        t.id = longValue(map, "id");
        t.symbol = (String) map.get("symbol");
        t.price = doubleValue(map, "price");
        t.qty = longValue(map, "qty");
        Object side = map.get("side");
        t.side = side == null ? null : Side.valueOf((String) side);
        if (map.get("party") instanceof Map<?, ?> party) {
            PartyValues p = t.party != null ? t.party : new PartyValues();
            p.name = (String) party.get("name");
            p.account = (String) party.get("account");
            p.id = longValue(party, "id");
            t.party = p;
        } else {
            t.party = null;
        }
        return t;
    }

    private static int intValue(Map<?, ?> map, String key) {
        return map.get(key) instanceof Number n ? n.intValue() : 0;
    }

    private static long longValue(Map<?, ?> map, String key) {
        return map.get(key) instanceof Number n ? n.longValue() : 0;
    }

    private static double doubleValue(Map<?, ?> map, String key) {
        return map.get(key) instanceof Number n ? n.doubleValue() : 0;
    }
}
