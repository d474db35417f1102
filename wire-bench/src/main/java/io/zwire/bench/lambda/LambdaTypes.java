package io.zwire.bench.lambda;

import java.util.ArrayList;
import java.util.List;

/**
 * The generated types of the lambda experiment, by field count. A test checks this list against
 * the generator's, so the two cannot drift apart.
 */
public final class LambdaTypes {
    /** The field counts generated: the 1, 4, 8, 9, 16, 22, 32, 64, and every count up to 9. */
    public static final List<Integer> FIELD_COUNTS = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 22, 32, 64);
    /** The split capturing style exists from this field count on. */
    public static final int SPLIT_FROM = 8;

    private LambdaTypes() {
    }

    /**
     * Class names for each field count in order: non-capturing, capturing, then capturing split
     * into methods of four fields (from {@value #SPLIT_FROM} fields on). Allocates.
     */
    public static List<String> classNames() {
        List<String> names = new ArrayList<>();
        String prefix = LambdaTypes.class.getPackageName() + ".";
        for (int fields : FIELD_COUNTS) {
            names.add(prefix + "NonCapturing" + fields);
            names.add(prefix + "Capturing" + fields);
            if (fields >= SPLIT_FROM) {
                names.add(prefix + "CapturingSplit" + fields);
            }
        }
        return names;
    }
}
