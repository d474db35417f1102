package io.zwire.session;

import io.zwire.Marshallable;
import io.zwire.Marshaller;
import io.zwire.Wire;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A session's message types, by the index its hello gives them: which index a message's class has,
 * how its document is written, and the one instance each type is read into, reused from message to
 * message. {@link WireSession} and any other transport speaking the session protocol (the Netty
 * pipeline) read and write messages through it, so a type registered with a {@link Marshaller}
 * behaves the same on every transport.
 *
 * <p>Allocates the slots once; after that nothing, except once per message type (its instance,
 * made the first time the type arrives) and once per message of an immutable type (a record, say)
 * read through its {@link Marshaller}. Not thread-safe: one per session.
 */
public final class MessageSlots {
    private final SessionConfig config;
    private final Map<Class<?>, Integer> indexes = new HashMap<>();
    /** Per message type: the instance read into, reused while the type is mutable; null until the type first arrives. */
    private final Object[] instances;
    /** Per message type: its marshaller, or null for a {@link Marshallable} type. */
    private final Marshaller<Object>[] marshallers;

    /**
     * The slots of {@code config}'s message types. Allocates the slots.
     *
     * @param config the session's configuration
     */
    @SuppressWarnings("unchecked")
    public MessageSlots(SessionConfig config) {
        this.config = config;
        List<SessionConfig.MessageType> messages = config.messages();
        this.instances = new Object[messages.size()];
        this.marshallers = (Marshaller<Object>[]) new Marshaller<?>[messages.size()];
        for (int i = 0; i < messages.size(); i++) {
            indexes.put(messages.get(i).type(), i);
            marshallers[i] = (Marshaller<Object>) config.options().types().byType(messages.get(i).type()).marshaller();
        }
    }

    /**
     * {@return the index of {@code type} in the configuration's message types, or -1} Allocates nothing.
     *
     * @param type a message's class
     */
    public int index(Class<?> type) {
        Integer index = indexes.get(type);
        return index == null ? -1 : index;
    }

    /**
     * Writes {@code message} as one document. Allocates nothing beyond what its type's write does.
     *
     * @param wire    the wire over the frame's bytes
     * @param message an instance of the type at {@code index}
     * @param index   what {@link #index} returned for the message's class
     */
    public void write(Wire wire, Object message, int index) {
        if (marshallers[index] != null) {
            wire.writeDocument(message, marshallers[index]);
        } else {
            wire.writeDocument((Marshallable) message);
        }
    }

    /**
     * Reads the next document into the instance of the type at {@code index}, made the first time.
     *
     * @param wire  the wire over the frame's document
     * @param index the local index of the frame's message type
     * @return the instance read into (the reused one, or a new one for an immutable type), or
     *         null when the bytes hold no document
     * @throws io.zwire.WireException on a malformed document
     */
    public Object read(Wire wire, int index) {
        if (marshallers[index] != null) {
            Object read = wire.readDocument(instances[index], marshallers[index]);
            if (read != null) {
                instances[index] = read;
            }
            return read;
        }
        Marshallable instance = (Marshallable) instances[index];
        if (instance == null) {
            instance = config.options().types().byType(config.messages().get(index).type()).create();
            instances[index] = instance;
        }
        return wire.readDocument(instance) ? instance : null;
    }
}
