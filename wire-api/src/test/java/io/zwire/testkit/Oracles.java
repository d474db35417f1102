package io.zwire.testkit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The fuzz targets' consultations of their oracles (snakeyaml-engine, jackson, protobuf-java):
 * each one counted, and an oracle's own failure told apart from a finding.
 *
 * <p>An oracle is another project's parser, asked about a document zwire accepted. What it answers
 * falls in three kinds, and only the first is compared:
 * <ul>
 *   <li>a reading: compared with zwire's, and a disagreement is a finding;</li>
 *   <li>its documented refusal (a parse exception): each target decides, since oracles differ:
 *       jackson refusing JSON zwire accepted is a finding, snakeyaml-engine refusing valid YAML 1.2
 *       zwire reads is not; a refusal with no verdict is counted by {@link #refused};</li>
 *   <li>a failure of its own: an {@code IllegalArgumentException} from a tag it cannot represent
 *       (snakeyaml-engine's {@code Tag} refuses one that decodes to a control character), a number
 *       beyond its constraints, a {@code StackOverflowError} on deep nesting. The oracle cannot
 *       judge the input: {@link #consult} counts it and answers null, never a finding. zwire's
 *       verdict on such an input is still checked by the target's other reads and by the
 *       re-encode check.</li>
 * </ul>
 * An {@code AssertionError} (a finding), a checked exception (a refusal the target lets through
 * as a finding) and {@link OracleOrder.DuplicateKey} (compared by no one) pass through.
 *
 * <p>A fuzz test class registers {@link PrintSummary}: after its tests the counts per oracle are
 * printed on standard output, one line each, {@code oracle jackson-dataformat-cbor: 120,301
 * consulted, 0 refused with no verdict, 3 cannot judge (ArithmeticException: 3)}; {@code .ci/fuzz}
 * puts them in its campaign summary.
 */
public final class Oracles {
    /** The line prefix {@code .ci/fuzz} looks for. */
    public static final String SUMMARY_PREFIX = "oracle ";

    private static final Map<String, Counts> COUNTS = new ConcurrentHashMap<>();

    private Oracles() {
    }

    /** A question put to an oracle. */
    @FunctionalInterface
    public interface Question<T> {
        /**
         * @return the oracle's reading, or null where the target has decided it has no verdict
         * @throws Exception the oracle's refusal the target lets through as a finding
         */
        T ask() throws Exception;
    }

    /**
     * Asks {@code oracle} a question.
     *
     * @return the oracle's answer, or null where the oracle failed on its own and cannot judge the input
     * @throws Exception the question's checked exceptions, findings and duplicate keys, as asked
     */
    public static <T> T consult(String oracle, Question<T> question) throws Exception {
        Counts counts = counts(oracle);
        counts.consulted.increment();
        try {
            return question.ask();
        } catch (OracleOrder.DuplicateKey e) {
            throw e;
        } catch (CannotJudge e) {
            counts.cannotJudge(e.getCause());
            return null;
        } catch (RuntimeException | StackOverflowError e) {
            counts.cannotJudge(e);
            return null;
        }
    }

    /** Counts a refusal of {@code oracle}'s that its target takes as no verdict. */
    public static void refused(String oracle) {
        counts(oracle).refused.increment();
    }

    /**
     * {@return an exception that, thrown from a {@link Question}, tells {@link #consult} the oracle
     * cannot judge the input, counted under {@code why}'s kind}: for an oracle's own failure that
     * arrives as a checked exception (jackson's {@code StreamConstraintsException}).
     */
    public static RuntimeException cannotJudge(Exception why) {
        return new CannotJudge(why);
    }

    /** {@return one line per oracle consulted in this JVM, as {@link PrintSummary} prints them} */
    public static String summary() {
        StringBuilder lines = new StringBuilder();
        new TreeMap<>(COUNTS).forEach((oracle, counts) -> lines.append(SUMMARY_PREFIX).append(oracle).append(": ")
                .append(counts).append('\n'));
        return lines.toString();
    }

    private static Counts counts(String oracle) {
        return COUNTS.computeIfAbsent(oracle, name -> new Counts());
    }

    /** Prints {@link #summary()} after a test class's tests: register with {@code @ExtendWith}. */
    public static final class PrintSummary implements AfterAllCallback {
        @Override
        public void afterAll(ExtensionContext context) {
            System.out.print(summary());
        }
    }

    /** An oracle's own failure, carried out of a question. */
    private static final class CannotJudge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CannotJudge(Exception why) {
            super(why.getMessage(), why, false, false);
        }
    }

    /** One oracle's counts. */
    private static final class Counts {
        private final LongAdder consulted = new LongAdder();
        private final LongAdder refused = new LongAdder();
        private final Map<String, LongAdder> cannotJudge = new ConcurrentHashMap<>();

        void cannotJudge(Throwable why) {
            cannotJudge.computeIfAbsent(why.getClass().getSimpleName(), kind -> new LongAdder()).increment();
        }

        @Override
        public String toString() {
            long failures = cannotJudge.values().stream().mapToLong(LongAdder::sum).sum();
            StringBuilder text = new StringBuilder(String.format("%,d consulted, %,d refused with no verdict, %,d cannot judge",
                    consulted.sum(), refused.sum(), failures));
            if (failures > 0) {
                StringBuilder kinds = new StringBuilder();
                new TreeMap<>(cannotJudge).forEach((kind, count) -> kinds.append(kinds.length() == 0 ? "" : ", ")
                        .append(kind).append(": ").append(String.format("%,d", count.sum())));
                text.append(" (").append(kinds).append(')');
            }
            return text.toString();
        }
    }
}
