package io.zwire.cli;

import io.zwire.Bytes;
import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.zwire.cli.ZwireRun.input;
import static io.zwire.cli.ZwireRun.zwire;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A wire is accepted by its role's name and by its format's own name, wherever a command takes a wire. */
class WireNamesTest {
    @Test
    void eachFormatsOwnNameIsItsWire() throws UsageException {
        assertEquals(WireType.BINARY, WireNames.parse("cbor"));
        assertEquals(WireType.BINARY, WireNames.parse("CBOR"));
        assertEquals(WireType.NUMBERED, WireNames.parse("protobuf"));
        assertEquals(WireType.NUMBERED, WireNames.parse("proto"));
        assertEquals(WireType.YAML, WireNames.parse("yml"));
        assertEquals(WireType.YAML_NUMBERED, WireNames.parse("yaml-numbered"));
        assertEquals(WireType.YAML_NUMBERED, WireNames.parse("YAML_NUMBERED"));
        assertEquals(List.of(WireType.BINARY, WireType.NUMBERED), WireNames.parseAll(List.of("cbor", "binary", "proto")));
        UsageException unknown = assertThrows(UsageException.class, () -> WireNames.parse("avro"));
        assertTrue(unknown.getMessage().contains("binary (cbor)") && unknown.getMessage().contains("numbered (protobuf, proto)"),
                unknown.getMessage());
    }

    /** Regression: {@code zwire convert --to cbor} was refused because the wire is called binary. */
    @Test
    void convertReadsAndWritesCborAsBinaryAndRefusesToWriteProtobuf() {
        ZwireRun toCbor = zwire(input("id: 7\nsymbol: EURUSD\n"), "convert", "--from", "yml", "--to", "cbor", "--single");
        assertEquals(Command.OK, toCbor.status(), toCbor.err());
        assertEquals(java.util.Map.of("id", 7L, "symbol", "EURUSD"),
                WireType.BINARY.apply(Bytes.wrap(toCbor.outBytes())).readSingleValue());

        ZwireRun fromCbor = zwire(toCbor.outBytes(), "convert", "--from", "CBOR", "--to", "json");
        assertEquals(Command.OK, fromCbor.status(), fromCbor.err());
        assertEquals("{\"id\":7,\"symbol\":\"EURUSD\"}\n", fromCbor.out());

        ZwireRun toProtobuf = zwire(input("{\"a\":1}\n"), "convert", "--from", "json", "--to", "protobuf");
        assertEquals(Command.USAGE, toProtobuf.status());
        assertTrue(toProtobuf.err().contains("the numbered wire cannot be converted to"), toProtobuf.err());
    }

    @Test
    void everyCommandThatTakesAWireTakesTheAliases() {
        ZwireRun demo = zwire("demo", "--wire", "cbor,protobuf");
        assertEquals(Command.OK, demo.status(), demo.err());
        assertEquals(List.of("== BINARY", "== NUMBERED"), demo.out().lines().filter(l -> l.startsWith("== "))
                .map(l -> l.substring(0, l.indexOf(':'))).toList(), demo.out());

        // The wires are parsed before the type is looked up: the error is the type's, so proto was accepted.
        ZwireRun garbage = zwire("garbage", "--type", "com.acme.Absent", "--wire", "proto");
        assertEquals(Command.USAGE, garbage.status());
        assertTrue(garbage.err().contains("com.acme.Absent not found"), garbage.err());
        ZwireRun garbageBadWire = zwire("garbage", "--type", "com.acme.Absent", "--wire", "avro");
        assertTrue(garbageBadWire.err().contains("unknown wire 'avro'"), garbageBadWire.err());
    }

    @Test
    void theHelpOfEveryCommandThatTakesAWireListsTheAliases() {
        for (String command : List.of("demo", "garbage", "convert", "serve", "send")) {
            ZwireRun help = zwire(command, "--help");
            assertTrue(help.out().contains("binary (cbor)") && help.out().contains("numbered (protobuf, proto)"),
                    command + ": " + help.out());
        }
    }
}
