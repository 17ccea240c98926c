package dev.perflab.common;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A lab mode bound from a property (by Boot's binder in the gateway, by picocli in the
 * runner; both also accept {@code BLOCKING} or {@code Blocking}); its tag, the constant's
 * name in lower case, is what the profiles, metrics and messages show.
 */
public interface ModeValue {

    String name();

    default String tag() {
        return name().toLowerCase(Locale.ROOT);
    }

    static <E extends Enum<E> & ModeValue> List<String> tags(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(ModeValue::tag).toList();
    }

}
