package io.zwire.testkit.model;

import io.zwire.Field;
import io.zwire.Marshallable;
import io.zwire.WireIn;
import io.zwire.WireOut;

/** A linked list of objects, for nesting-depth tests. */
public final class Node implements Marshallable {
    static final Field VALUE = Field.of(1, "value");
    static final Field CHILD = Field.of(2, "child");

    public int value;
    public Node child;

    /** A chain {@code depth} objects deep. */
    public static Node chain(int depth) {
        Node root = new Node();
        Node node = root;
        for (int i = 1; i < depth; i++) {
            node.child = new Node();
            node = node.child;
            node.value = i;
        }
        return root;
    }

    /** Objects in the chain. */
    public int depth() {
        int depth = 0;
        for (Node n = this; n != null; n = n.child) {
            depth++;
        }
        return depth;
    }

    @Override
    public void writeMarshallable(WireOut out) {
        out.write(VALUE).int32(value)
           .write(CHILD).marshallable(child);
    }

    @Override
    public void readMarshallable(WireIn in) {
        in.read(VALUE).int32(this, (o, v) -> o.value = v)
          .read(CHILD).marshallable(this, child, Node::new, (o, v) -> o.child = v);
    }
}
