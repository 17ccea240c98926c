package dev.perflab.lab.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.CustomNode;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the English, German and Chinese write-ups in step: the same pages, the same
 * heading structure, the same commands in code blocks, the same figures (images and every
 * number in the tables), and the same significant numbers in the prose. Editing one
 * language alone fails here.
 */
class DocsInStepTests {

    static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();
    static final List<String> LANGUAGES = List.of("en", "de", "zh");

    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    /**
     * Numbers of three digits or more (thousands separators and decimal marks removed):
     * the figures, not "3 probes".
     */
    private static final Pattern NUMBER = Pattern.compile("\\d[\\d.,]*\\d|\\d");

    /** What must be equal across languages in one page. */
    record Shape(List<String> headings, List<String> code, List<String> images, List<String> tableNumbers,
            List<String> inlineCode, List<String> proseNumbers, List<String> localLinks) {
    }

    static Shape shape(Path file) throws IOException {
        Node document = PARSER.parse(Files.readString(file));
        List<String> headings = new ArrayList<>();
        List<String> code = new ArrayList<>();
        List<String> images = new ArrayList<>();
        List<String> tableNumbers = new ArrayList<>();
        List<String> inlineCode = new ArrayList<>();
        List<String> proseNumbers = new ArrayList<>();
        List<String> links = new ArrayList<>();
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                headings.add("h" + heading.getLevel());
                visitChildren(heading);
            }

            @Override
            public void visit(FencedCodeBlock block) {
                code.add(block.getLiteral().strip());
            }

            @Override
            public void visit(Image image) {
                images.add(image.getDestination());
                visitChildren(image);
            }

            @Override
            public void visit(Link link) {
                if (!link.getDestination().startsWith("http")) {
                    links.add(link.getDestination().replaceAll("(^|/)(en|de|zh)/", "$1LANG/"));
                }
                visitChildren(link);
            }

            @Override
            public void visit(Code inline) {
                inlineCode.add(inline.getLiteral());
                if (!insideTable(inline)) {
                    numbers(inline.getLiteral(), proseNumbers);
                }
            }

            @Override
            public void visit(Text text) {
                if (insideTable(text)) {
                    // digits only: German writes 1,084 × [1,012; 1,161] and 43.092 where
                    // English writes 1.084 × [1.012, 1.161] and 43,092
                    Matcher m = NUMBER.matcher(text.getLiteral());
                    while (m.find()) {
                        tableNumbers.add(m.group().replaceAll("[.,]", ""));
                    }
                }
                else {
                    numbers(text.getLiteral(), proseNumbers);
                }
            }

            @Override
            public void visit(CustomBlock block) {
                if (block instanceof TableBlock) {
                    headings.add("table");
                }
                visitChildren(block);
            }

            @Override
            public void visit(CustomNode node) {
                if (node instanceof TableRow) {
                    headings.add("row");
                }
                visitChildren(node);
            }
        });
        proseNumbers.sort(null);
        inlineCode.sort(null);
        return new Shape(headings, code, images, tableNumbers, inlineCode, proseNumbers, links);
    }

    private static boolean insideTable(Node node) {
        for (Node n = node.getParent(); n != null; n = n.getParent()) {
            if (n instanceof TableCell) {
                return true;
            }
        }
        return false;
    }

    /**
     * Significant numbers: three digits or more once separators are gone (31,939 = 31.939
     * = 31939; 1.81 = 1,81 = 181).
     */
    private static void numbers(String text, List<String> into) {
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            String digits = m.group().replaceAll("[.,]", "");
            if (digits.length() >= 3) {
                into.add(digits);
            }
        }
    }

    private static List<String> pages(String language) throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve("docs").resolve(language))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md")).sorted().toList();
        }
    }

    @Test
    void everyLanguageHasTheSameEightOrMorePages() throws IOException {
        List<String> english = pages("en");
        assertThat(english).hasSizeGreaterThanOrEqualTo(8);
        for (String language : LANGUAGES) {
            assertThat(pages(language)).as("pages in docs/" + language).isEqualTo(english);
        }
    }

    @Test
    void eachPageHasTheSameHeadingsCommandsFiguresAndNumbersInEveryLanguage() throws IOException {
        for (String page : pages("en")) {
            Shape english = shape(ROOT.resolve("docs/en").resolve(page));
            for (String language : LANGUAGES.subList(1, LANGUAGES.size())) {
                Path file = ROOT.resolve("docs").resolve(language).resolve(page);
                assertThat(file).as("docs/" + language + "/" + page).exists();
                Shape other = shape(file);
                String where = "docs/" + language + "/" + page + " against docs/en/" + page + ": ";
                assertThat(other.headings()).as(where + "heading levels and tables").isEqualTo(english.headings());
                assertThat(other.code()).as(where + "code blocks").isEqualTo(english.code());
                assertThat(other.images()).as(where + "figures").isEqualTo(english.images());
                assertThat(other.tableNumbers()).as(where + "numbers in tables").isEqualTo(english.tableNumbers());
                assertThat(other.inlineCode()).as(where + "inline code").isEqualTo(english.inlineCode());
                assertThat(other.proseNumbers()).as(where + "numbers in the text").isEqualTo(english.proseNumbers());
                assertThat(other.localLinks()).as(where + "links within the repository")
                    .isEqualTo(english.localLinks());
            }
        }
    }

    /**
     * German pages write numbers the German way, tables too: 1,084 × [1,012; 1,161], not
     * 1.084 × [1.012, 1.161] (whose comma reads as a decimal mark in German); code blocks
     * and inline code quote the lab's output as it prints it.
     */
    @Test
    void germanPagesWriteIntervalsTheGermanWay() throws IOException {
        Pattern english = Pattern.compile("\\d\\.\\d+ ×|\\[\\d+\\.\\d+, \\d+\\.\\d+\\]");
        List<Path> files = new ArrayList<>();
        for (String page : pages("de")) {
            files.add(ROOT.resolve("docs/de").resolve(page));
        }
        files.add(ROOT.resolve("README_DE.md"));
        List<String> found = new ArrayList<>();
        for (Path file : files) {
            String text = FENCED.matcher(Files.readString(file)).replaceAll("").replaceAll("`[^`\\n]*`", "");
            Matcher m = english.matcher(text);
            while (m.find()) {
                found.add(ROOT.relativize(file) + ": " + m.group());
            }
        }
        assertThat(found).as("numbers written the English way on German pages").isEmpty();
    }

    @Test
    void everyFigureTheDocsShowExists() throws IOException {
        for (String language : LANGUAGES) {
            for (String page : pages(language)) {
                Path file = ROOT.resolve("docs").resolve(language).resolve(page);
                for (String image : shape(file).images()) {
                    assertThat(file.getParent().resolve(image).normalize()).as(file + " shows " + image)
                        .isRegularFile();
                }
            }
        }
    }

    /**
     * Every target make help lists (a "## " comment after it in the Makefile) has a line
     * in the reference page.
     */
    @Test
    void theReferencePageListsEveryTargetOfMakeHelp() throws IOException {
        List<String> targets = Files.readAllLines(ROOT.resolve("Makefile"))
            .stream()
            .map(Pattern.compile("^([a-z][a-z-]*):.*## ")::matcher)
            .filter(Matcher::find)
            .map(m -> m.group(1))
            .toList();
        assertThat(targets).contains("lab", "test", "help");
        String commands = String.join("\n", shape(ROOT.resolve("docs/en/12-reference.md")).code());
        List<String> missing = targets.stream()
            .filter(t -> !Pattern.compile("(?m)^make " + t + "( |$)").matcher(commands).find())
            .toList();
        assertThat(missing).as("targets of make help without a line in docs/en/12-reference.md").isEmpty();
    }

    /**
     * The reference page's knob table (issue 40: one table, knob, targets, default,
     * meaning) has a row for every knob the runner reads from the environment and every
     * one the Makefile reads, and for no name that nothing reads; old names are said in
     * their new name's row, never as a row of their own.
     */
    @Test
    void theReferencePageHasOneRowForEveryKnobAndNoOther() throws IOException {
        Pattern read = Pattern.compile("\\$\\{env:([A-Z][A-Z_0-9]*)");
        Set<String> runner = new TreeSet<>();
        StringBuilder labSources = new StringBuilder();
        try (Stream<Path> sources = Files.walk(ROOT.resolve("lab/src/main/java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(source);
                labSources.append(text);
                Matcher matcher = read.matcher(text);
                while (matcher.find()) {
                    runner.add(matcher.group(1));
                }
            }
        }
        assertThat(runner).as("knobs read by the runner").contains("DURATION", "PASSES", "RATE", "A_GATEWAY");
        String makefile = Files.readString(ROOT.resolve("Makefile"));
        Set<String> make = new TreeSet<>();
        Matcher defaults = Pattern.compile("(?m)^([A-Z][A-Z_0-9]*) \\?=").matcher(makefile);
        while (defaults.find()) {
            make.add(defaults.group(1));
        }
        StringBuilder apps = new StringBuilder();
        for (String file : List.of("docker-compose.yml", "gateway/src/main/resources/application.yml",
                "gateway/src/main/resources/application-burn.yml", "auth-service/src/main/resources/application.yml")) {
            apps.append(Files.readString(ROOT.resolve(file)));
        }
        Map<String, List<String>> rows = knobRows(ROOT.resolve("docs/en/12-reference.md"));
        Set<String> documented = rows.keySet();
        assertThat(runner.stream().filter(knob -> !documented.contains(knob)).toList())
            .as("knobs the runner reads that the reference page's knob table leaves out")
            .isEmpty();
        assertThat(make.stream().filter(knob -> !documented.contains(knob)).toList())
            .as("knobs the Makefile reads that the reference page's knob table leaves out")
            .isEmpty();
        assertThat(documented).as("knobs the issue found undocumented")
            .contains("FLAME_THREADS", "JPROFILER_VERSION", "AUTH_TIMEOUT", "AUTH_CACHE_TTL", "AUTH_ERROR_RATE",
                    "GATEWAY_CPUS", "BURN_MICROS");
        assertThat(documented.stream()
            .filter(knob -> !runner.contains(knob) && !make.contains(knob) && !makefile.contains("$(" + knob + ")")
                    && !labSources.toString().contains("\"" + knob + "\"")
                    && !apps.toString().contains("${" + knob + ":"))
            .toList()).as("knobs in the reference page that nothing reads").isEmpty();
        assertThat(documented).as("old names are said in their new name's row")
            .doesNotContain("REPEAT", "WARMUP_MAX", "CPU_RATE", "PAIR_RATE", "SCENARIOS", "PROFILES", "PROFILE",
                    "PROFILE_RUNGS");
        rows.forEach((knob, cells) -> assertThat(cells).as(knob + "'s row: knob, targets, default, meaning")
            .hasSize(4)
            .allSatisfy(cell -> assertThat(cell).isNotBlank()));
        for (String language : LANGUAGES) {
            assertThat(knobRows(ROOT.resolve("docs").resolve(language).resolve("12-reference.md")).keySet())
                .as("docs/" + language + "/12-reference.md's knob table")
                .containsExactlyElementsOf(documented);
        }
    }

    /**
     * The rows of the knob table (the first table with a row for `THREADS`) by the knobs
     * in their first cell (`A_GATEWAY`, `B_GATEWAY` is one row of two knobs): the row's
     * cells.
     */
    private static Map<String, List<String>> knobRows(Path page) throws IOException {
        List<List<String>> table = new ArrayList<>();
        for (String line : (Files.readString(page) + "\n\n").split("\n")) {
            if (line.startsWith("|")) {
                List<String> cells = new ArrayList<>();
                for (String cell : line.substring(1, line.lastIndexOf('|')).split("\\|", -1)) {
                    cells.add(cell.strip());
                }
                table.add(cells);
                continue;
            }
            if (table.stream().anyMatch(row -> row.get(0).equals("`THREADS`"))) {
                break;
            }
            table.clear();
        }
        Map<String, List<String>> rows = new java.util.LinkedHashMap<>();
        for (List<String> cells : table) {
            Matcher knobs = Pattern.compile("`([A-Z][A-Z_0-9]*)`").matcher(cells.get(0));
            while (knobs.find()) {
                rows.put(knobs.group(1), cells);
            }
        }
        assertThat(rows).as(page + ": the knob table, with a row for `THREADS`").isNotEmpty();
        return rows;
    }

    /**
     * The first code block that starts with a make command: the README's two commands.
     */
    private static String twoCommands(Shape readme, String name) {
        return readme.code()
            .stream()
            .filter(block -> block.startsWith("make "))
            .findFirst()
            .orElseThrow(() -> new AssertionError(name + " has no code block of make commands"));
    }

    @Test
    void theReadmesShareTheTwoCommandsAndTheResultsTable() throws IOException {
        Map<String, Shape> readmes = new TreeMap<>();
        for (String name : List.of("README.md", "README_DE.md", "README_ZH.md")) {
            readmes.put(name, shape(ROOT.resolve(name)));
        }
        String twoCommands = twoCommands(readmes.get("README.md"), "README.md");
        assertThat(twoCommands.lines().filter(l -> l.startsWith("make ")).toList()).as("README.md: the two commands")
            .hasSize(2);
        Shape english = readmes.get("README.md");
        for (String name : List.of("README_DE.md", "README_ZH.md")) {
            Shape other = readmes.get(name);
            assertThat(twoCommands(other, name)).as(name + ": the two commands").isEqualTo(twoCommands);
            assertThat(other.tableNumbers()).as(name + ": the results table")
                .isNotEmpty()
                .isEqualTo(english.tableNumbers().subList(0, other.tableNumbers().size()));
        }
        String readme = Files.readString(ROOT.resolve("README.md"));
        TreeSet<String> missing = new TreeSet<>();
        for (String target : List.of("README_DE.md", "README_ZH.md", "docs/en/", "docs/de/", "docs/zh/")) {
            if (!readme.contains("(" + target)) {
                missing.add(target);
            }
        }
        assertThat(missing).as("README.md links to").isEmpty();
    }

    /** An interval as the English pages quote a verdict: 1.059 × [1.015, 1.103]. */
    private static final Pattern INTERVAL = Pattern.compile("\\d+\\.\\d+ × \\[\\d+\\.\\d+, \\d+\\.\\d+\\]");

    /** A run named in the text: its results folder, or a commit in inline code. */
    private static final Pattern RUN = Pattern.compile("results/\\d{8}-\\d{6}|`[0-9a-f]{7}`");

    private static final Pattern FENCED = Pattern.compile("(?s)```.*?```");

    /** A link to a page of the repository: [text](page.md). */
    private static final Pattern LOCAL_PAGE = Pattern.compile("\\]\\(([^)#]+\\.md)");

    /** The intervals a page shows as measured output: in its tables and code blocks. */
    private static Set<String> shown(String page) {
        Set<String> shown = new TreeSet<>();
        Matcher code = FENCED.matcher(page);
        while (code.find()) {
            INTERVAL.matcher(code.group()).results().forEach(r -> shown.add(r.group()));
        }
        FENCED.matcher(page)
            .replaceAll("")
            .lines()
            .filter(line -> line.startsWith("|"))
            .forEach(line -> INTERVAL.matcher(line).results().forEach(r -> shown.add(r.group())));
        return shown;
    }

    /**
     * A figure quoted in prose says where it comes from: it is in a table or code block
     * of its page or of a page its paragraph links to, or its section names the run (a
     * results folder or a commit), or the page quotes it in such a section too. The
     * English pages are read; the other languages carry the same numbers, links and
     * inline code
     * ({@link #eachPageHasTheSameHeadingsCommandsFiguresAndNumbersInEveryLanguage}).
     */
    @Test
    void everyIntervalInTheProseNamesItsRunOrATableThatHoldsIt() throws IOException {
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        for (String page : pages("en")) {
            files.add(ROOT.resolve("docs/en").resolve(page));
        }
        List<String> unsourced = new ArrayList<>();
        for (Path file : files) {
            String page = Files.readString(file);
            Set<String> known = shown(page);
            List<String> sections = List.of(FENCED.matcher(page).replaceAll("").split("\\n(?=#)"));
            for (String section : sections) {
                if (RUN.matcher(section).find()) {
                    INTERVAL.matcher(section.replaceAll("\\s+", " ")).results().forEach(r -> known.add(r.group()));
                }
            }
            for (String section : sections) {
                if (RUN.matcher(section).find()) {
                    continue;
                }
                for (String paragraph : section.split("\\n\\s*\\n")) {
                    Set<String> linked = new TreeSet<>();
                    Matcher link = LOCAL_PAGE.matcher(paragraph);
                    while (link.find()) {
                        Path target = file.getParent().resolve(link.group(1)).normalize();
                        if (Files.isRegularFile(target)) {
                            linked.addAll(shown(Files.readString(target)));
                        }
                    }
                    // an interval may wrap at its comma or its ×
                    INTERVAL.matcher(paragraph.replaceAll("\\s+", " "))
                        .results()
                        .map(r -> r.group())
                        .filter(interval -> !known.contains(interval) && !linked.contains(interval))
                        .forEach(interval -> unsourced.add(ROOT.relativize(file) + ": " + interval));
                }
            }
        }
        assertThat(unsourced).as("intervals in the prose that name neither their run nor a table holding them")
            .isEmpty();
    }

}
