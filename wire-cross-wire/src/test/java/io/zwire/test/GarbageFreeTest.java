package io.zwire.test;

import io.zwire.WireType;
import io.zwire.test.usertypes.BookUpdate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The annotation as users write it, and the extension behind it on a passing and a failing type. */
class GarbageFreeTest {
    /** Fewer round trips than users' default, which GarbageAssertionsTest's long proofs run: this holds the annotation. */
    @GarbageFree(value = BookUpdate.class, wires = {WireType.RAW, WireType.YAML}, roundTrips = 200_000)
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

    /**
     * Surefire names a test in its XML report by JUnit's legacy name unless told otherwise, and a
     * test template's legacy name is its method and an index ({@code bookUpdateIsGarbageFree()[1]}),
     * which no extension can change: the build's reporter must use display names, so the report
     * reads {@code bookUpdateIsGarbageFree() BookUpdate on RAW}, as docs/garbage-testing.md says.
     */
    @Test
    void theBuildReportsEachWiresTestByItsDisplayName() throws Exception {
        String pom = Files.readString(Path.of("..", "pom.xml"));
        Matcher reporter = Pattern.compile("<statelessTestsetReporter implementation=\"org\\.apache\\.maven\\.plugin"
                + "\\.surefire\\.extensions\\.junit5\\.JUnit5Xml30StatelessReporter\">\\s*<usePhrasedTestCaseMethodName>"
                + "true</usePhrasedTestCaseMethodName>").matcher(pom);
        assertTrue(reporter.find(), "the parent pom's surefire configuration names tests by their legacy names");
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
