package io.zwire.test.harness;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The bound a failed check suggests leaves room for noise: the next multiple of 8 above the worst figure. */
class AllocationDiagnosisBoundTest {
    @Test
    void theSuggestedBoundIsTheNextMultipleOfEightAboveTheWorstFigure() {
        assertEquals(64, AllocationDiagnosis.suggestedBound(56.0));
        assertEquals(64, AllocationDiagnosis.suggestedBound(56.003));
        assertEquals(64, AllocationDiagnosis.suggestedBound(63.99));
        assertEquals(8, AllocationDiagnosis.suggestedBound(0.02));
    }
}
