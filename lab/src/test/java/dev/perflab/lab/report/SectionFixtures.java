package dev.perflab.lab.report;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.Captured;
import dev.perflab.lab.result.RunJson;
import dev.perflab.lab.result.RungResult;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The sections' tests read the golden run folders (real runs, see
 * {@link ReportGoldenTests}) or the captured ones, change what they test in the JSON, and
 * render one section's partial alone.
 */
final class SectionFixtures {

    private SectionFixtures() {
    }

    /** A folder under {@code golden/}, else under {@code captured/}. */
    static Path folder(String name) {
        URL url = SectionFixtures.class.getResource("/golden/" + name + "/summary.json");
        if (url == null) {
            return Captured.folder(name);
        }
        try {
            return Path.of(url.toURI()).getParent();
        }
        catch (URISyntaxException ex) {
            throw new IllegalStateException(ex);
        }
    }

    static ObjectNode info(String name) {
        return (ObjectNode) RunJson.MAPPER.readTree(folder(name).resolve("run.json").toFile());
    }

    static ArrayNode rungs(String name) {
        return (ArrayNode) RunJson.MAPPER.readTree(folder(name).resolve("summary.json").toFile()).path("rungs");
    }

    static RunFacts facts(String name) {
        return facts(folder(name), info(name), rungs(name));
    }

    static RunFacts facts(Path dir, JsonNode info, JsonNode rungs) {
        return new RunFacts(dir, info, RunJson.MAPPER.convertValue(rungs, new TypeReference<List<RungResult>>() {
        }));
    }

    /**
     * {@code templates/section/<partial>.md} with the section under {@code key}, as
     * report.md would show it.
     */
    static String markdown(String partial, String key, Section section) {
        return Templates.compile("section/" + partial + ".md", Templates.MARKDOWN).execute(view(key, section));
    }

    static String html(String partial, String key, Section section) {
        return Templates.compile("section/" + partial + ".html", Templates.HTML).execute(view(key, section));
    }

    private static Map<String, Object> view(String key, Section section) {
        Map<String, Object> view = section.view();
        return Map.of(key, view == null ? List.of() : List.of(view));
    }

}
