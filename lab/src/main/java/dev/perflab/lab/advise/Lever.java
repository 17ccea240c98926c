package dev.perflab.lab.advise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One lever that make advise can pull on a gateway jar from outside it: Spring properties
 * given as system properties, JVM options, or a newer JDK.
 *
 * @param name the rung's name, e.g. route-filter-cache
 * @param changes what it changes, in a few words
 * @param properties the Spring properties it sets, in the order a user would write them
 * @param jvmOptions JVM options it adds (other than the properties)
 * @param newerJdk whether the lever is the newest JDK found beside the lab's
 * @param trades what it takes away, for the table's last column
 */
public record Lever(String name, String changes, Map<String, String> properties, List<String> jvmOptions,
        boolean newerJdk, String trades) {

    public Lever {
        properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        jvmOptions = List.copyOf(jvmOptions);
    }

    /** A lever of Spring properties, each given as {@code -Dname=value}. */
    static Lever properties(String name, String changes, Map<String, String> properties, String trades) {
        return new Lever(name, changes, properties, List.of(), false, trades);
    }

    /** A lever of JVM options. */
    static Lever jvm(String name, String changes, List<String> options, String trades) {
        return new Lever(name, changes, Map.of(), options, false, trades);
    }

    /** The JVM options that pull it: the properties as -D options, then its own. */
    public List<String> javaOptions() {
        List<String> options = new ArrayList<>();
        properties.forEach((key, value) -> options.add("-D" + key + "=" + value));
        options.addAll(jvmOptions);
        return options;
    }

    /**
     * What to add to keep it: the properties as one application.properties line each, or
     * the JVM options, or the JDK.
     */
    public String toCopy(String jdk) {
        if (newerJdk) {
            return "run on " + jdk;
        }
        if (!properties.isEmpty()) {
            List<String> lines = new ArrayList<>();
            properties.forEach((key, value) -> lines.add(key + "=" + value));
            return String.join("; ", lines);
        }
        return "JVM option " + String.join(" ", jvmOptions);
    }

}
