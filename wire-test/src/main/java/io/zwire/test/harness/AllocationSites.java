package io.zwire.test.harness;

import java.util.List;

/**
 * What {@link AllocationSiteProbe} found for one pair.
 *
 * @param sites      the sites, heaviest first
 * @param roundTrips the round trips sampled
 */
public record AllocationSites(List<AllocationSite> sites, long roundTrips) {
    /** Copies the list. */
    public AllocationSites {
        sites = List.copyOf(sites);
    }

    /** The samples' total weight. */
    public long sampledBytes() {
        return sites.stream().mapToLong(AllocationSite::sampledBytes).sum();
    }
}
