package io.zwire.test;

import io.zwire.WireType;
import io.zwire.test.usertypes.BookUpdate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The annotation as users write it, and the extension behind it on a passing and a failing type. */
class GarbageFreeTest {
    @GarbageFree(value = BookUpdate.class, wires = {WireType.RAW, WireType.YAML})
    void bookUpdateIsGarbageFree() {
    }

    @Test
    void oneTestPerWireNamedAfterTheTypeAndTheWire() throws Exception {
        ExtensionContext context = context("bookUpdateIsGarbageFree");
        GarbageFreeExtension extension = new GarbageFreeExtension();
        assertTrue(extension.supportsTestTemplate(context));
        List<String> names = extension.provideTestTemplateInvocationContexts(context)
                .map(invocation -> invocation.getDisplayName(1)).collect(Collectors.toList());
        assertEquals(List.of("BookUpdate on RAW", "BookUpdate on YAML"), names);
    }

    @Test
    void aTypeThatFailsTheCheckFailsItsTest() throws Exception {
        var invocation = new GarbageFreeExtension().provideTestTemplateInvocationContexts(context("lossy")).findFirst().orElseThrow();
        var callback = (BeforeTestExecutionCallback) invocation.getAdditionalExtensions().get(0);
        assertThrows(AssertionError.class, () -> callback.beforeTestExecution(null));
    }

    /** Abstract so that JUnit never runs it: its method is the failing case, run by hand above. */
    abstract static class Failing {
        @GarbageFree(value = GarbageAssertionsTest.Lossy.class, wires = WireType.RAW, roundTrips = 100_000)
        void lossy() {
        }
    }

    private static ExtensionContext context(String method) throws NoSuchMethodException {
        Method m = method.equals("lossy") ? Failing.class.getDeclaredMethod(method) : GarbageFreeTest.class.getDeclaredMethod(method);
        return (ExtensionContext) Proxy.newProxyInstance(GarbageFreeTest.class.getClassLoader(),
                new Class<?>[] {ExtensionContext.class}, (proxy, called, args) -> switch (called.getName()) {
                    case "getTestMethod" -> Optional.of(m);
                    case "getRequiredTestMethod" -> m;
                    default -> throw new UnsupportedOperationException(called.getName());
                });
    }
}
