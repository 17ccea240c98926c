package dev.perflab.lab.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs use the report's vocabulary (issue 54): a CPU or bytes ratio is never called
 * faster or slower (nor schneller/langsamer, 更快/更慢), and German calls a pass a Durchgang,
 * as its glossary (docs/de/01-method.md) does.
 */
class VocabularyDocsTests {

    /**
     * A CPU or bytes figure with its interval, then a speed word: "CPU 0.9 × [0.8, 0.95],
     * faster".
     */
    static final Pattern COST_AS_SPEED = Pattern
        .compile("(CPU|bytes|Bytes|字节)[^×;；|]*× \\[[^\\]]*\\][,，]\\s*\\*?(faster|slower|schneller|langsamer|更快|更慢)");

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        for (String language : DocsInStepTests.LANGUAGES) {
            try (Stream<Path> files = Files.list(DocsInStepTests.ROOT.resolve("docs").resolve(language))) {
                files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
            }
        }
        for (String readme : List.of("README.md", "README_DE.md", "README_ZH.md")) {
            pages.add(DocsInStepTests.ROOT.resolve(readme));
        }
        return pages;
    }

    @Test
    void noCpuOrBytesFigureIsCalledFasterOrSlower() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher matcher = COST_AS_SPEED.matcher(lines.get(i));
                while (matcher.find()) {
                    found.add(DocsInStepTests.ROOT.relativize(page) + ":" + (i + 1) + ": " + matcher.group());
                }
            }
        }
        assertThat(found).isEmpty();
        assertThat(COST_AS_SPEED.matcher("CPU 0.900 × [0.877, 0.924], faster; bytes").find()).isTrue();
        assertThat(COST_AS_SPEED.matcher("Bytes pro Request 0,955 × [0,927; 0,985], langsamer").find()).isTrue();
        assertThat(COST_AS_SPEED.matcher("CPU 0.985 × [0.973, 0.998]，更省；p50 0.988 × [0.981, 0.995]，更快").find())
            .as("a latency's word after a cost's")
            .isFalse();
    }

    @Test
    void germanCallsAPassADurchgang() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path page : pages()) {
            String name = page.toString();
            if (name.contains("/de/") || name.endsWith("_DE.md")) {
                List<String> lines = Files.readAllLines(page);
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).contains("Durchlauf") || lines.get(i).contains("Durchläuf")) {
                        found.add(DocsInStepTests.ROOT.relativize(page) + ":" + (i + 1));
                    }
                }
            }
        }
        assertThat(found).isEmpty();
    }

}
