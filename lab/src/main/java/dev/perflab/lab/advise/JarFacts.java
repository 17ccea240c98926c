package dev.perflab.lab.advise;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

import dev.perflab.lab.LabException;

/**
 * What a Spring Boot jar says about the properties a lever sets, read from the jar alone
 * before anything starts: which properties its libraries declare (each library's
 * META-INF/spring-configuration-metadata.json, the jar's own too), and which its
 * application.properties or application.yml already sets (the documents without a
 * profile). A property no library declares is one the jar ignores; one already set to the
 * lever's value changes nothing. Names are compared in Spring's relaxed form (case,
 * dashes and underscores aside).
 *
 * @param declared the declared property names, relaxed
 * @param maps the declared names whose type is a map, relaxed: any key below them is
 * known
 * @param set the properties the jar's own configuration sets, by relaxed name
 */
public record JarFacts(Set<String> declared, Set<String> maps, Map<String, String> set) {

    private static final String LIB = "BOOT-INF/lib/";

    private static final String CLASSES = "BOOT-INF/classes/";

    private static final Set<String> METADATA = Set.of("META-INF/spring-configuration-metadata.json",
            "META-INF/additional-spring-configuration-metadata.json");

    public JarFacts {
        declared = Set.copyOf(declared);
        maps = Set.copyOf(maps);
        set = Map.copyOf(set);
    }

    /** Reads the jar; one line when it cannot be read. */
    public static JarFacts read(Path jar) {
        Set<String> declared = new HashSet<>();
        Set<String> maps = new HashSet<>();
        Map<String, String> set = new HashMap<>();
        ObjectMapper json = new JsonMapper();
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                String name = entry.getName();
                if (name.startsWith(LIB) && name.endsWith(".jar")) {
                    try (JarInputStream lib = new JarInputStream(file.getInputStream(entry))) {
                        for (JarEntry inner = lib.getNextJarEntry(); inner != null; inner = lib.getNextJarEntry()) {
                            if (METADATA.contains(inner.getName())) {
                                metadata(json.readTree(lib.readAllBytes()), declared, maps);
                            }
                        }
                    }
                }
                else if (name.startsWith(CLASSES) && METADATA.contains(name.substring(CLASSES.length()))) {
                    metadata(json.readTree(file.getInputStream(entry).readAllBytes()), declared, maps);
                }
                else if (name.equals(CLASSES + "application.properties")) {
                    Properties properties = new Properties();
                    try (InputStream in = file.getInputStream(entry)) {
                        properties.load(in);
                    }
                    properties.forEach((key, value) -> set.put(relaxed(key.toString()), value.toString().trim()));
                }
                else if (name.equals(CLASSES + "application.yml") || name.equals(CLASSES + "application.yaml")) {
                    yaml(file.getInputStream(entry).readAllBytes(), set);
                }
            }
        }
        catch (IOException | JacksonException ex) {
            throw new LabException("GATEWAY_JAR=" + jar + ": cannot read the properties it declares and sets ("
                    + ex.getMessage() + ")", ex);
        }
        return new JarFacts(declared, maps, set);
    }

    /** Whether a library of the jar declares this property (or a map it is a key of). */
    public boolean declares(String property) {
        String name = relaxed(property);
        if (declared.contains(name)) {
            return true;
        }
        for (String map : maps) {
            if (name.startsWith(map + ".")) {
                return true;
            }
        }
        return false;
    }

    /** The value the jar's own configuration gives this property, or null. */
    public String value(String property) {
        return set.get(relaxed(property));
    }

    /** Spring's relaxed form of a property name: lower case, no dashes or underscores. */
    static String relaxed(String name) {
        return name.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    }

    private static void metadata(JsonNode root, Set<String> declared, Set<String> maps) {
        for (JsonNode property : root.path("properties")) {
            String name = property.path("name").asString("");
            if (name.isEmpty()) {
                continue;
            }
            declared.add(relaxed(name));
            if (property.path("type").asString("").startsWith("java.util.Map")) {
                maps.add(relaxed(name));
            }
        }
    }

    private static void yaml(byte[] bytes, Map<String, String> set) {
        YAMLMapper mapper = new YAMLMapper();
        try (MappingIterator<JsonNode> documents = mapper.readerFor(JsonNode.class)
            .readValues(new ByteArrayInputStream(bytes))) {
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                if (document == null || !document.path("spring").path("config").path("activate").isMissingNode()
                        || document.has("spring.config.activate.on-profile")) {
                    continue;
                }
                flatten("", document, set);
            }
        }
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> set) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), set);
            }
        }
        else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(prefix + "[" + i + "]", node.get(i), set);
            }
        }
        else if (!prefix.isEmpty() && !node.isNull()) {
            set.put(relaxed(prefix), node.asString().trim());
        }
    }

}
