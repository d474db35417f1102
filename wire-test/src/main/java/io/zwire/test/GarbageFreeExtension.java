package io.zwire.test;

import io.zwire.WireType;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs {@link GarbageFree}: one invocation of the annotated method per wire, each preceded by that
 * wire's {@link GarbageCheck}. Registered by the annotation; users need not name it. Stateless and
 * thread-safe; blocks and allocates as {@link GarbageCheck#assertClean()} does.
 */
public final class GarbageFreeExtension implements TestTemplateInvocationContextProvider {
    /** Created by JUnit through {@link GarbageFree}'s {@code @ExtendWith}. */
    public GarbageFreeExtension() {
    }

    /**
     * {@return true for a method annotated {@link GarbageFree}}
     * @param context the test method's context
     */
    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(method -> method.isAnnotationPresent(GarbageFree.class)).orElse(false);
    }

    /**
     * {@return one invocation per wire of the annotation, each run after that wire's {@link GarbageCheck}}
     * @param context the test method's context
     */
    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        GarbageFree check = context.getRequiredTestMethod().getAnnotation(GarbageFree.class);
        List<WireType> wires = check.wires().length == 0 ? WireType.available() : Arrays.asList(check.wires());
        return wires.stream().map(wire -> invocation(check, wire));
    }

    private static TestTemplateInvocationContext invocation(GarbageFree check, WireType wire) {
        return new TestTemplateInvocationContext() {
            @Override
            public String getDisplayName(int invocationIndex) {
                return check.value().getSimpleName() + " on " + wire;
            }

            @Override
            public List<Extension> getAdditionalExtensions() {
                BeforeTestExecutionCallback run = ignored ->
                        GarbageCheck.of(check.value()).wires(wire).roundTrips(check.roundTrips()).assertClean();
                return List.of(run);
            }
        };
    }
}
