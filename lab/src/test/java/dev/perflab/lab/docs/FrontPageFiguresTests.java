package dev.perflab.lab.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the front page true (issue 54): every figure on README.md, README_DE.md and
 * README_ZH.md, in its prose, tables and code blocks, appears in a page of docs/ that its
 * section links to, where the figure names its run (command, commit, date, results
 * folder). A figure changed on the front page alone, or in its page alone, fails here.
 * {@link DocsInStepTests} keeps the languages in step with each other.
 */
class FrontPageFiguresTests {

    static final Path ROOT = DocsInStepTests.ROOT;

    /** A number as the pages write it: 43,626, 43.626, 2.596, 35,6. */
    private static final Pattern NUMBER = Pattern.compile("\\d[\\d.,]*\\d|\\d");

    /** A link to a page of docs/, from the README's folder. */
    private static final Pattern DOCS_LINK = Pattern.compile("\\]\\((docs/[^)#\\s]+\\.md)");

    /**
     * What is not a measured figure: a product's version (Java 17, Spring Boot 4.0.7, Go
     * 1.27.3, Linux 6.18), an address (127.0.0.1) and a link's destination.
     */
    private static final Pattern NOT_A_FIGURE = Pattern.compile(
            "(?:Go|Java|JDK|OpenJDK|Linux|Boot|Cloud|Gateway|BlockHound|JUnit|Debian) \\d[\\d.]*|\\d+\\.\\d+\\.\\d+\\.\\d+"
                    + "|\\]\\([^)]*\\)");

    /**
     * The figures of a page: numbers of three digits or more once their separators are
     * gone (43,626 = 43.626 = 43626; 2.596 = 2,596 = 2596), as {@link DocsInStepTests}
     * reads them.
     */
    static Set<String> figures(String text) {
        Set<String> figures = new TreeSet<>();
        Matcher m = NUMBER.matcher(NOT_A_FIGURE.matcher(text).replaceAll(" "));
        while (m.find()) {
            String digits = m.group().replaceAll("[.,]", "");
            if (digits.length() >= 3) {
                figures.add(digits);
            }
        }
        return figures;
    }

    /**
     * The figures of a README that no page linked from their section holds, as "section:
     * figure".
     */
    static List<String> unsourced(String readme) throws IOException {
        List<String> unsourced = new ArrayList<>();
        for (String section : readme.split("\\n(?=## )")) {
            Set<String> cited = new TreeSet<>();
            Matcher link = DOCS_LINK.matcher(section);
            while (link.find()) {
                Path page = ROOT.resolve(link.group(1)).normalize();
                assertThat(page).as("a page the README links to").isRegularFile();
                cited.addAll(figures(Files.readString(page)));
            }
            String heading = section.lines().findFirst().orElse("");
            for (String figure : figures(section)) {
                if (!cited.contains(figure)) {
                    unsourced.add(heading + ": " + figure);
                }
            }
        }
        return unsourced;
    }

    @Test
    void everyFigureOnTheFrontPageIsInThePageItCites() throws IOException {
        for (String name : List.of("README.md", "README_DE.md", "README_ZH.md")) {
            String readme = Files.readString(ROOT.resolve(name));
            assertThat(figures(readme)).as(name + "'s figures").hasSizeGreaterThan(50);
            assertThat(unsourced(readme)).as(name + ": figures that no page linked from their section holds").isEmpty();
        }
    }

    /** The check is not vacuous: one figure changed on the front page alone fails it. */
    @Test
    void aFigureChangedOnTheFrontPageAloneIsFound() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        assertThat(readme).contains("2.596 × [2.388, 2.822]", "43,626");
        assertThat(unsourced(readme.replace("2.596 × [2.388, 2.822]", "2.597 × [2.388, 2.822]")))
            .anySatisfy(line -> assertThat(line).endsWith(": 2597"));
        assertThat(unsourced(readme.replace("43,626", "43,627")))
            .anySatisfy(line -> assertThat(line).endsWith(": 43627"));
        String german = Files.readString(ROOT.resolve("README_DE.md"));
        assertThat(unsourced(german.replace("2,596 × [2,388; 2,822]", "2,596 × [2,388; 2,823]")))
            .anySatisfy(line -> assertThat(line).endsWith(": 2823"));
    }

    /**
     * The Kubernetes README is in three languages with the same commands (its indented
     * code blocks), each linking the other two.
     */
    @Test
    void theKubernetesReadmeSaysTheSameCommandsInEveryLanguage() throws IOException {
        Path k8s = ROOT.resolve("deploy/k8s");
        List<String> english = commands(Files.readString(k8s.resolve("README.md")));
        assertThat(english).anySatisfy(line -> assertThat(line).startsWith("kubectl apply -k"));
        for (String name : List.of("README.md", "README_DE.md", "README_ZH.md")) {
            String text = Files.readString(k8s.resolve(name));
            assertThat(commands(text)).as("deploy/k8s/" + name + "'s commands").isEqualTo(english);
            for (String other : List.of("README.md", "README_DE.md", "README_ZH.md")) {
                if (!other.equals(name)) {
                    assertThat(text).as("deploy/k8s/" + name + " links " + other).contains("(" + other + ")");
                }
            }
        }
    }

    private static List<String> commands(String text) {
        return text.lines().filter(line -> line.startsWith("    ")).map(String::strip).toList();
    }

}
