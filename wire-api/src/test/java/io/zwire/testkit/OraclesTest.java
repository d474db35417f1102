package io.zwire.testkit;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the fuzz targets count as an oracle that cannot judge an input, and what stays a finding ({@link Oracles}). */
class OraclesTest {
    /** The summary line of {@code oracle}. */
    private static String line(String oracle) {
        return Oracles.summary().lines().filter(line -> line.startsWith(Oracles.SUMMARY_PREFIX + oracle + ": "))
                .findFirst().orElseThrow(() -> new AssertionError("no summary line for " + oracle + ": " + Oracles.summary()));
    }

    @Test
    void anOraclesOwnFailureIsCountedAndAnsweredWithNoVerdict() throws Exception {
        // snakeyaml-engine's Tag constructor on a tag that decodes to U+0010 (issue 36)
        assertNull(Oracles.consult("own-failure", () -> {
            throw new IllegalArgumentException("Tag must not contain leading or trailing spaces.");
        }));
        assertNull(Oracles.consult("own-failure", () -> {
            throw new StackOverflowError();
        }));
        assertEquals(Oracles.SUMMARY_PREFIX + "own-failure: 2 consulted, 0 refused with no verdict, 2 cannot judge"
                + " (IllegalArgumentException: 1, StackOverflowError: 1)", line("own-failure"));
    }

    @Test
    void aCheckedFailureTheTargetClassifiesIsCountedUnderItsOwnKind() throws Exception {
        assertNull(Oracles.consult("classified", () -> {
            throw Oracles.cannotJudge(new IOException("number beyond the oracle's constraints"));
        }));
        assertTrue(line("classified").endsWith("1 cannot judge (IOException: 1)"), line("classified"));
    }

    @Test
    void findingsRefusalsTheTargetLetsThroughAndDuplicateKeysPassThrough() {
        assertThrows(AssertionError.class, () -> Oracles.consult("passes", () -> {
            throw new AssertionError("zwire and the oracle disagree");
        }));
        assertThrows(IOException.class, () -> Oracles.consult("passes", () -> {
            throw new IOException("malformed JSON zwire accepted");
        }));
        assertThrows(OracleOrder.DuplicateKey.class, () -> Oracles.consult("passes", () -> {
            throw new OracleOrder.DuplicateKey("id");
        }));
        assertTrue(line("passes").endsWith("3 consulted, 0 refused with no verdict, 0 cannot judge"), line("passes"));
    }

    @Test
    void anAnswerIsReturnedAndARefusalWithNoVerdictIsCounted() throws Exception {
        assertEquals("tree", Oracles.consult("answers", () -> "tree"));
        assertNull(Oracles.consult("answers", () -> {
            Oracles.refused("answers");
            return null;
        }));
        assertTrue(line("answers").endsWith("2 consulted, 1 refused with no verdict, 0 cannot judge"), line("answers"));
    }
}
