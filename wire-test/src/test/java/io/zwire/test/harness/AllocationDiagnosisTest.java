package io.zwire.test.harness;

import io.zwire.WireType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a failed check's diagnosis lists and suggests: a bound with room for noise, every site not
 * by design whatever its size, and no claim that everything is by design while unjudged samples
 * add up to more than the threshold.
 */
class AllocationDiagnosisTest {
    private static final double THRESHOLD = 0.01;
    private final AllocationDiagnosis diagnosis = new AllocationDiagnosis(
            MarshallableType.load(AllocationDesignTest.Noted.class.getName(), getClass().getClassLoader()),
            new ProbeLauncher("", 1), THRESHOLD);

    @Test
    void theSuggestedBoundIsTheNextMultipleOfEightAboveTheWorstFigure() {
        assertEquals(64, AllocationDiagnosis.suggestedBound(56.0));
        assertEquals(64, AllocationDiagnosis.suggestedBound(56.003));
        assertEquals(64, AllocationDiagnosis.suggestedBound(63.99));
        assertEquals(8, AllocationDiagnosis.suggestedBound(0.02));
    }

    @Test
    void aSmallSiteNotByDesignIsListedBesideALargeOneByDesign() {
        // 1 B/rt of boxing beside 99 B/rt of text: below the 8 B/rt that by-design sites are listed from.
        StringBuilder text = new StringBuilder();
        assertFalse(diagnosis.describe(text, WireType.RAW, new AllocationSites(List.of(
                site(99_000_000, "java.lang.String", AllocationDesignTest.NOTE),
                site(1_000_000, "java.lang.Long", AllocationDesignTest.COUNT)), 1_000), 100));
        assertTrue(text.toString().contains("java.lang.Long at X.y:1"), text.toString());
        assertTrue(text.toString().contains("NOT BY DESIGN: boxing"), text.toString());
    }

    @Test
    void unjudgedSitesAddingUpToMoreThanTheThresholdAreNotCalledByDesign() {
        List<AllocationSite> sites = new ArrayList<>();
        sites.add(site(1_000_000, "java.lang.String", AllocationDesignTest.NOTE));
        // 200 sites of 1 in 1,000,200 of 100 B/rt each: 0.0001 B/rt apiece, 0.02 B/rt together.
        for (int i = 0; i < 200; i++) {
            sites.add(new AllocationSite(1, "java.lang.Long", "X.y:" + i, null, null, 0, null,
                    AllocationSite.Side.READ, AllocationSite.Maker.ZWIRE));
        }
        StringBuilder text = new StringBuilder();
        assertFalse(diagnosis.describe(text, WireType.RAW, new AllocationSites(sites, 1_000), 100), text.toString());
        assertTrue(text.toString().contains("below the check's threshold of 0.01 B/rt, not judged"), text.toString());
        StringBuilder alone = new StringBuilder();
        assertTrue(diagnosis.describe(alone, WireType.RAW, new AllocationSites(sites.subList(0, 2), 1_000), 100),
                alone.toString());
    }

    private static AllocationSite site(long bytes, String objectClass, io.zwire.Field field) {
        return new AllocationSite(bytes, objectClass, "X.y:1", null, "Noted.readMarshallable:30", field.number(),
                field.name(), AllocationSite.Side.READ, AllocationSite.Maker.ZWIRE);
    }
}
