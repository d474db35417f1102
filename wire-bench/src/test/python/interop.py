"""Reads zwire's YAML, JSON, CBOR and NUMBERED documents of the test types with Python's own
libraries (PyYAML, json, cbor2, protobuf with protoc's generated code), checks every value
against expected.json, which the Java side builds from the objects' fields without zwire, and
writes an Order, an AllTypes and a MapKinds on each wire for zwire to read back. Run by PythonInteropTest:

    python interop.py DIR

DIR holds NAME.yaml|json|binary|numbered, expected.json and the *_pb2.py modules. Exits 1 and
prints each mismatch if a value differs."""
import base64
import importlib
import json
import math
import struct
import sys
from collections.abc import Mapping

import cbor2
import yaml
from google.protobuf.unknown_fields import UnknownFieldSet

# What a reader in another language knows of each type: its fields and their kinds (the .proto
# or the JSON Schema says the same). "obj:T" a nested T or null, "typed" {"@Alias": T},
# "map:K:V" a map of "text" or "int" keys to V values.
KINDS = {
    "Order": {"id": "int", "symbol": "text", "price": "f64", "qty": "int", "side": "enum", "party": "obj:Party"},
    "Party": {"name": "text", "account": "text", "id": "int"},
    "Node": {"value": "int", "child": "obj:Node"},
    "AllTypes": {"int8": "int", "int16": "int", "uint16": "int", "int32": "int", "int64": "int",
                 "float32": "f32", "float64": "f64", "bool": "bool", "char16": "char", "text": "text",
                 "note": "text", "data": "bytes", "side": "enum", "party": "obj:Party", "longs": "[int",
                 "tags": "[text", "parties": "[obj:Party", "matrix": "[[int", "payload": "typed"},
    "MapKinds": {"limits": "map:text:f64", "names": "map:int:text", "parties": "map:int:obj:Party",
                 "sides": "map:text:enum", "history": "map:text:[int", "nested": "map:int:map:text:int"},
}
SAMPLES = {"Order": "Order", "AllTypes": "AllTypes", "AllTypesFinite": "AllTypes", "Node": "Node",
           "MapKinds": "MapKinds", "MapKindsEmpty": "MapKinds"}
# AllTypes' file declares Order and Party too (a typed field may hold either); protobuf's default
# pool refuses the same message from two files, so Order is read with it.
PROTO_MODULES = {"Order": "alltypes_pb2", "AllTypes": "alltypes_pb2", "Node": "node_pb2", "MapKinds": "mapkinds_pb2"}
WIRES = ("yaml", "json", "binary", "numbered")
JSON_FLOATS = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


class Mismatch(Exception):
    pass


# ---------------------------------------------------------------- decoding, one library per wire

class ZwireYamlLoader(yaml.SafeLoader):
    """SafeLoader plus zwire's local tags: `!Alias` before a mapping is a typed object."""


def _typed_yaml(loader, suffix, node):
    return {"@" + suffix: loader.construct_mapping(node, deep=True)}


ZwireYamlLoader.add_multi_constructor("!", _typed_yaml)


def cbor_tag(*args):
    # cbor2 6.1 passes (tag, immutable) where its documentation says (decoder, tag).
    tag = next(a for a in args if isinstance(a, cbor2.CBORTag))
    # zwire writes a typed object as tag 27 (a serialised object): [alias, map].
    if tag.tag == 27 and len(tag.value) == 2:
        return {"@" + tag.value[0]: dict(tag.value[1])}
    raise Mismatch("unexpected CBOR tag %d" % tag.tag)


def read_varint(data, pos):
    shift = value = 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7


def write_varint(value):
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        if value:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def proto_tree(message, pb2):
    """A protobuf message as plain values: absent singular fields None, enums by name,
    Typed {"@alias": decoded value}, sequence wrappers as lists, map fields and the repeated
    explicit entry messages (key = 1, value = 2) of maps protobuf cannot declare as dicts."""
    name = message.DESCRIPTOR.name
    if name == "Typed":
        return {"@" + message.alias: proto_tree(getattr(pb2, message.alias).FromString(message.value), pb2)}
    if name.endswith("Sequence") and [f.name for f in message.DESCRIPTOR.fields] == ["elements"]:
        return [proto_value(f, v, pb2) for f in message.DESCRIPTOR.fields for v in message.elements]
    tree = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if is_entry(field) and field.message_type.GetOptions().map_entry:
            value_field = field.message_type.fields_by_name["value"]
            tree[field.name] = {k: proto_value(value_field, v, pb2) for k, v in value.items()}
        elif is_entry(field):
            tree[field.name] = entries(value, pb2)
        elif field.is_repeated:
            tree[field.name] = [proto_value(field, v, pb2) for v in value]
        elif not message.HasField(field.name):
            tree[field.name] = None
        else:
            tree[field.name] = proto_value(field, value, pb2)
    # A field zwire writes that the generated .proto does not declare would be kept as unknown.
    if len(UnknownFieldSet(message)):
        raise Mismatch("%s has fields the .proto does not declare" % name)
    return tree


def is_entry(field):
    """A repeated field of map entries: protobuf's own, or an explicit message of key = 1 and value = 2."""
    if not field.is_repeated or field.type != field.TYPE_MESSAGE:
        return False
    numbers = {f.number: f.name for f in field.message_type.fields}
    return field.message_type.GetOptions().map_entry or (
        field.message_type.name.endswith("Entry") and numbers.get(1) == "key" and set(numbers) <= {1, 2})


def entries(messages, pb2):
    """Explicit entry messages as a dict; a value that is itself a repeated field of entries, a dict."""
    result = {}
    for entry in messages:
        if len(UnknownFieldSet(entry)):
            raise Mismatch("%s has fields the .proto does not declare" % entry.DESCRIPTOR.name)
        value_field = entry.DESCRIPTOR.fields_by_name.get("value")
        if value_field is None:
            raise Mismatch("%s declares no value" % entry.DESCRIPTOR.name)
        value = getattr(entry, "value")
        if is_entry(value_field):
            result[entry.key] = entries(value, pb2)
        elif value_field.is_repeated:
            result[entry.key] = [proto_value(value_field, v, pb2) for v in value]
        else:
            result[entry.key] = proto_value(value_field, value, pb2)
    return result


def proto_value(field, value, pb2):
    if field.type == field.TYPE_ENUM:
        return field.enum_type.values_by_number[value].name
    if field.type == field.TYPE_MESSAGE:
        return proto_tree(value, pb2)
    return value


def decode(wire, data, type_name):
    if wire == "yaml":
        return yaml.load(data.decode("utf-8"), Loader=ZwireYamlLoader)
    if wire == "json":
        return json.loads(data.decode("utf-8"))
    if wire == "binary":
        return cbor2.loads(data, tag_hook=cbor_tag, allow_duplicate_keys=False)
    length, start = read_varint(data, 0)
    if start + length != len(data):
        raise Mismatch("NUMBERED length prefix %d, but %d bytes follow it" % (length, len(data) - start))
    pb2 = importlib.import_module(PROTO_MODULES[type_name])
    return proto_tree(getattr(pb2, type_name).FromString(data[start:]), pb2)


# ---------------------------------------------------------------- canonical values

def float_bits(value, width):
    if isinstance(value, str):
        if value not in JSON_FLOATS:
            raise Mismatch("not a float: %r" % value)
        value = JSON_FLOATS[value]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Mismatch("not a float: %r" % (value,))
    if width == 32:
        bits = 0x7FC00000 if math.isnan(value) else struct.unpack(">I", struct.pack(">f", value))[0]
        return "f32:%08x" % bits
    bits = 0x7FF8000000000000 if math.isnan(value) else struct.unpack(">Q", struct.pack(">d", value))[0]
    return "f64:%016x" % bits


def canonical(value, kind, where, wire):
    if kind.startswith("["):
        if not isinstance(value, list):
            raise Mismatch("%s: expected a sequence, got %r" % (where, value))
        return [canonical(v, kind[1:], "%s[%d]" % (where, i), wire) for i, v in enumerate(value)]
    if kind.startswith("map:"):
        _, key_kind, value_kind = kind.split(":", 2)
        if not isinstance(value, Mapping):
            raise Mismatch("%s: expected a map, got %r" % (where, value))
        return {map_key(k, key_kind, where, wire): canonical(v, value_kind, "%s[%r]" % (where, k), wire)
                for k, v in value.items()}
    if value is None:
        return None
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise Mismatch("%s: expected an integer, got %r" % (where, value))
        return value
    if kind in ("f32", "f64"):
        return float_bits(value, 32 if kind == "f32" else 64)
    if kind == "bool":
        if not isinstance(value, bool):
            raise Mismatch("%s: expected a bool, got %r" % (where, value))
        return value
    if kind == "char":
        return ord(value) if isinstance(value, str) and len(value) == 1 else canonical(value, "int", where, wire)
    if kind in ("text", "enum"):
        if not isinstance(value, str):
            raise Mismatch("%s: expected text, got %r" % (where, value))
        return value
    if kind == "bytes":
        if isinstance(value, str):
            value = base64.b64decode(value, validate=True)
        if not isinstance(value, (bytes, bytearray)):
            raise Mismatch("%s: expected bytes, got %r" % (where, value))
        return "hex:" + bytes(value).hex()
    if kind == "typed":
        if not isinstance(value, Mapping) or len(value) != 1 or not next(iter(value)).startswith("@"):
            raise Mismatch("%s: expected a typed object, got %r" % (where, value))
        alias, body = next(iter(value.items()))
        return {alias: canonical(body, "obj:" + alias[1:], where + alias, wire)}
    if kind.startswith("obj:"):
        fields = KINDS[kind[4:]]
        # cbor2 hands the maps inside a tag over as frozendict.
        if not isinstance(value, Mapping):
            raise Mismatch("%s: expected an object, got %r" % (where, value))
        if set(value) != set(fields):
            raise Mismatch("%s: fields %s, expected %s" % (where, sorted(value), sorted(fields)))
        return {name: canonical(value[name], k, where + "." + name, wire) for name, k in fields.items()}
    raise AssertionError(kind)


def map_key(key, kind, where, wire):
    """A map key as expected.json has it: text as is, an integer in decimal. Only JSON may carry an
    integer key as its decimal text; the other wires must give an integer."""
    if kind == "text":
        if not isinstance(key, str):
            raise Mismatch("%s: expected a text key, got %r" % (where, key))
        return key
    if wire == "json" and isinstance(key, str) and key.lstrip("-").isdigit() and key.isascii():
        return str(int(key))
    if isinstance(key, bool) or not isinstance(key, int):
        raise Mismatch("%s: expected an integer key, got %r" % (where, key))
    return str(key)


# ---------------------------------------------------------------- writing for zwire to read

def order_written_by_python():
    """Another order, fields in another order than zwire's, and a field zwire does not know."""
    return {"party": {"id": -9, "account": "FS-7", "name": "Fj\u00f6rd Securities"}, "side": "SELL",
            "venue": "XLON", "qty": 250000, "price": 187.125, "symbol": "GBPJPY", "id": 2000002}


def encode_order(wire, order):
    if wire == "yaml":
        return yaml.safe_dump(order, sort_keys=False, allow_unicode=True).encode("utf-8")
    if wire == "json":
        return json.dumps(order, ensure_ascii=False).encode("utf-8")
    if wire == "binary":
        return cbor2.dumps(order)
    pb2 = importlib.import_module(PROTO_MODULES["Order"])
    party = pb2.Order(party=pb2.Party(**order["party"])).SerializeToString()
    rest = pb2.Order(id=order["id"], symbol=order["symbol"], price=order["price"], qty=order["qty"],
                     side=pb2.Side.Value(order["side"])).SerializeToString()
    # Field 99, a varint zwire's Order does not declare: protobuf readers skip unknown fields.
    unknown = write_varint(99 << 3) + write_varint(7)
    message = party + unknown + rest
    return write_varint(len(message)) + message


class Typed:
    """A typed object on its way out: written as YAML's `!Alias` or CBOR's tag 27."""

    def __init__(self, alias, body):
        self.alias, self.body = alias, body


class ZwireYamlDumper(yaml.SafeDumper):
    pass


ZwireYamlDumper.add_representer(Typed, lambda dumper, t: dumper.represent_mapping("!" + t.alias, t.body))


def outgoing(value, wire):
    """A decoded tree ready for the wire's encoder: {"@Alias": body} becomes a Typed (YAML, CBOR)."""
    if isinstance(value, Mapping):
        if wire != "json" and len(value) == 1 and next(iter(value)).startswith("@"):
            alias, body = next(iter(value.items()))
            return Typed(alias[1:], outgoing(body, wire))
        return {k: outgoing(v, wire) for k, v in value.items()}
    if isinstance(value, list):
        return [outgoing(v, wire) for v in value]
    return value


def cbor_typed(encoder, value):
    encoder.encode(cbor2.CBORTag(27, [value.alias, value.body]))


ALL_TYPES_CHANGES = {"int64": 77, "text": "written by Python å"}


def encode_all_types(wire, data):
    """zwire's AllTypes document as this wire's library decoded it, with ALL_TYPES_CHANGES, its
    fields in reverse order and a field zwire does not know, encoded again by the same library."""
    if wire == "numbered":
        pb2 = importlib.import_module(PROTO_MODULES["AllTypes"])
        length, start = read_varint(data, 0)
        message = pb2.AllTypes.FromString(data[start:])
        for name, value in ALL_TYPES_CHANGES.items():
            setattr(message, name, value)
        body = message.SerializeToString() + write_varint(99 << 3 | 2) + write_varint(3) + b"abc"
        return write_varint(len(body)) + body
    tree = decode(wire, data, "AllTypes")
    tree.update(ALL_TYPES_CHANGES)
    tree = dict(reversed(list(tree.items())))
    tree["unknown"] = {"nested": [1, "two", None]}
    return encode_tree(wire, tree)


def encode_map_kinds(wire, data):
    """zwire's MapKinds document as this wire's library decoded it, with an entry added to a map of
    text keys and one replaced in a map of integer keys, its fields in reverse order (NUMBERED: the
    entries as protobuf's runtime orders them), encoded again by the same library."""
    if wire == "numbered":
        pb2 = importlib.import_module(PROTO_MODULES["MapKinds"])
        length, start = read_varint(data, 0)
        message = pb2.MapKinds.FromString(data[start:])
        message.limits["GBPUSD"] = 2.5
        message.names[7] = "sieben"
        body = message.SerializeToString()
        return write_varint(len(body)) + body
    tree = decode(wire, data, "MapKinds")
    tree["limits"]["GBPUSD"] = 2.5
    tree["names"]["7" if wire == "json" else 7] = "sieben"
    return encode_tree(wire, dict(reversed(list(tree.items()))))


def encode_tree(wire, tree):
    tree = outgoing(tree, wire)
    if wire == "yaml":
        return yaml.dump(tree, Dumper=ZwireYamlDumper, sort_keys=False, allow_unicode=True).encode("utf-8")
    if wire == "json":
        return json.dumps(tree, ensure_ascii=False).encode("utf-8")
    return cbor2.dumps(tree, default=cbor_typed)


def main(directory):
    sys.path.insert(0, directory)
    with open(directory + "/expected.json", encoding="utf-8") as f:
        expected = json.load(f)
    problems = []
    checked = 0
    for sample, type_name in SAMPLES.items():
        per_wire = {}
        for wire in WIRES:
            where = "%s.%s" % (sample, wire)
            try:
                with open("%s/%s" % (directory, where), "rb") as f:
                    per_wire[wire] = canonical(decode(wire, f.read(), type_name), "obj:" + type_name, where, wire)
            except Mismatch as e:
                problems.append(str(e))
                continue
            if per_wire[wire] != expected[sample]:
                problems.append("%s: read %s\n  expected %s" % (where, json.dumps(per_wire[wire]),
                                                              json.dumps(expected[sample])))
            checked += 1
        if len(set(json.dumps(v, sort_keys=True) for v in per_wire.values())) > 1:
            problems.append("%s: the wires decode to different values: %s" % (sample, per_wire))
    for wire in WIRES:
        with open("%s/from-python.Order.%s" % (directory, wire), "wb") as f:
            f.write(encode_order(wire, order_written_by_python()))
        with open("%s/AllTypes.%s" % (directory, wire), "rb") as f:
            all_types = encode_all_types(wire, f.read())
        with open("%s/from-python.AllTypes.%s" % (directory, wire), "wb") as f:
            f.write(all_types)
        with open("%s/MapKinds.%s" % (directory, wire), "rb") as f:
            map_kinds = encode_map_kinds(wire, f.read())
        with open("%s/from-python.MapKinds.%s" % (directory, wire), "wb") as f:
            f.write(map_kinds)
    if problems:
        print("MISMATCH\n" + "\n".join(problems))
        return 1
    print("python %s, PyYAML %s, cbor2 %s, protobuf %s: %d documents read as expected, %d written"
          % (sys.version.split()[0], yaml.__version__, version("cbor2"), version("protobuf"), checked, 3 * len(WIRES)))
    return 0


def version(package):
    from importlib.metadata import version as installed
    return installed(package)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
