package io.zwire.yaml;

import io.zwire.WireType;
import io.zwire.testkit.SelfDescribingMapContract;

class NumberedYamlMapContractTest extends SelfDescribingMapContract {
    @Override
    protected WireType wireType() {
        return WireType.YAML_NUMBERED;
    }

    /** As {@link YamlMapContractTest#deeplyNestedMaps}, under the field's number. */
    @Override
    protected byte[] deeplyNestedMaps(int depth) throws InterruptedException {
        return depth <= 100 ? super.deeplyNestedMaps(depth) : DeepFlowMaps.document("1", depth);
    }
}
