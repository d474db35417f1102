package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingMapContract;

class YamlMapContractTest extends SelfDescribingMapContract {
    @Override
    protected WireType wireType() {
        return WireType.YAML;
    }

    /** Block style indents each level, so a deep document is written in flow style, which YAML readers accept. */
    @Override
    protected byte[] deeplyNestedMaps(int depth) throws InterruptedException {
        return depth <= 100 ? super.deeplyNestedMaps(depth) : DeepFlowMaps.document("entries", depth);
    }
}
