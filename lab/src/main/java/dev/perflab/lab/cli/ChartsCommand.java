package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.Commands;
import one.convert.Arguments;
import one.convert.FlameGraph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Turns a run's charts into PNG files for documents: each chart of report.html, and each
 * rung's flame graph, drawn by headless Chromium exactly as the report draws them in a
 * browser.
 */
@Command(name = "charts",
        description = "PNG files of a run's charts (report.html) and flame graphs, drawn by headless Chromium.")
public class ChartsCommand implements Callable<Integer> {

    private static final Pattern CANVAS = Pattern
        .compile("<canvas id=\"([a-z0-9-]+)\" width=\"(\\d+)\" height=\"(\\d+)\"");
    static final int FLAME_WIDTH = 1200;
    static final int FLAME_HEIGHT = 700;
    static final int FLAME_MAX_HEIGHT = 6000;

    /** The first screen of report.html or the README: a laptop's window. */
    static final int PAGE_WIDTH = 1280;

    static final int PAGE_HEIGHT = 1400;

    /**
     * Close to how a code host shows a README: a centred column, plain tables, grey code.
     */
    private static final String README_STYLE = "body{font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;"
            + "font-size:16px;line-height:1.5;max-width:980px;margin:24px auto;padding:0 32px;color:#1f2328}"
            + "h1,h2{border-bottom:1px solid #d1d9e0;padding-bottom:.3em}"
            + "code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:85%;background:#f6f8fa}"
            + "pre{padding:16px;overflow:auto;border-radius:6px}"
            + "table{border-collapse:collapse}td,th{border:1px solid #d1d9e0;padding:6px 13px}"
            + "a{color:#0969da;text-decoration:none}";

    @Mixin
    FolderOptions.RunFolderOption runFolder;

    @Mixin
    FolderOptions.OutOption outFolder;

    Path run;

    Path out;

    @Option(names = "--prefix", description = "File name prefix (default: the run folder's name).")
    String prefix;

    @Option(names = "--charts", split = "[,\\s]+",
            description = "Only these charts: canvas ids of report.html (rps, latency, sweep, cpu-0, ...) and/or flamegraph (default: all); "
                    + "report (report.html's first screen) and readme (README.md rendered) only when named.")
    List<String> only = List.of();

    @Option(names = "--readme", defaultValue = "README.md",
            description = "The README that --charts readme renders (default: ${DEFAULT-VALUE}).")
    Path readme;

    @Option(names = "--flame-threads", defaultValue = "",
            description = "Flame graphs of these threads only, by name prefix, e.g. reactor-http for the event loops (default: all threads).")
    String flameThreads;

    @Option(names = "--chromium", defaultValue = "chromium",
            description = "The Chromium binary (default: ${DEFAULT-VALUE}).")
    String chromium;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        run = runFolder.run;
        out = outFolder.required("the folder for the PNG files, e.g. docs/images");
        RunFolder folder = RunFolder.existing(run);
        Path report = folder.resolve("report.html");
        if (!Files.isRegularFile(report)) {
            throw new LabException(report + " does not exist: write it first with make report RUN=" + run);
        }
        String name = prefix != null ? prefix : folder.dir().toRealPath().getFileName().toString();
        Files.createDirectories(out);
        List<Path> written = new ArrayList<>();
        Matcher canvas = CANVAS.matcher(Files.readString(report));
        while (canvas.find()) {
            if (!wanted(canvas.group(1))) {
                continue;
            }
            Path png = out.resolve(name + "-" + canvas.group(1) + ".png");
            screenshot(report.toUri() + "#chart=" + canvas.group(1), Integer.parseInt(canvas.group(2)),
                    Integer.parseInt(canvas.group(3)), png);
            written.add(png);
        }
        if (only.contains("report")) {
            // the first screen a reader of report.html sees, at a laptop's width
            Path png = out.resolve(name + "-report.png");
            screenshot(report.toUri().toString(), PAGE_WIDTH, PAGE_HEIGHT, png);
            written.add(png);
        }
        if (only.contains("readme")) {
            // the README belongs to no run: named after the prefix only when one is given
            written.add(readme(out.resolve((prefix != null ? prefix + "-" : "") + "readme.png")));
        }
        written.addAll(flameGraphs(folder, name));
        if (written.isEmpty()) {
            throw new LabException("no chart matched --charts " + String.join(",", only) + " in " + report
                    + ": use canvas ids such as rps, latency, sweep, cpu-0, or flamegraph");
        }
        written.forEach(png -> spec.commandLine().getOut().println("  " + png));
        spec.commandLine().getOut().println(written.size() + " charts in " + out);
        return 0;
    }

    /**
     * Each flamegraph.html of the run (its own or its rungs') as a PNG, cut to the
     * threads of --flame-threads when given.
     */
    private List<Path> flameGraphs(RunFolder folder, String name) throws IOException {
        List<Path> written = new ArrayList<>();
        try (Stream<Path> files = Files.walk(folder.dir(), 2)) {
            List<Path> flames = wanted("flamegraph")
                    ? files.filter(p -> p.getFileName().toString().equals("flamegraph.html")).sorted().toList()
                    : List.of();
            for (Path flame : flames) {
                Path rung = folder.dir().relativize(flame.getParent());
                String label = rung.toString().isEmpty() ? "" : "-" + rung.toString().replace('/', '-');
                Path png = out.resolve(name + label + "-flamegraph.png");
                Path collapsed = flame.resolveSibling("collapsed.txt");
                Path cut = flameThreads.isBlank() ? null : Files.createTempDirectory("perflab-flame");
                try {
                    if (cut != null) {
                        collapsed = threadsOnly(collapsed, flameThreads, cut.resolve("collapsed.txt"));
                        flame = cut.resolve("flamegraph.html");
                        FlameGraph.convert(collapsed.toString(), flame.toString(), new Arguments("--title",
                                folder.dir().getFileName() + ": threads " + flameThreads + "*"));
                    }
                    screenshot(flame.toUri().toString(), FLAME_WIDTH, flameHeight(collapsed), png);
                }
                finally {
                    if (cut != null) {
                        deleteTree(cut);
                    }
                }
                written.add(png);
            }
        }
        return written;
    }

    /**
     * The stacks of collapsed.txt whose thread frame ({@code [name tid=N]}) starts with
     * the prefix.
     */
    static Path threadsOnly(Path collapsed, String prefix, Path into) throws IOException {
        if (!Files.isRegularFile(collapsed)) {
            throw new LabException(
                    collapsed + " is missing: the flame graph cannot be cut down to threads " + prefix + "*");
        }
        List<String> kept;
        try (Stream<String> lines = Files.lines(collapsed)) {
            kept = lines.filter(line -> line.startsWith("[" + prefix)).toList();
        }
        if (kept.isEmpty()) {
            throw new LabException("no samples of threads " + prefix + "* in " + collapsed);
        }
        Files.write(into, kept);
        return into;
    }

    /**
     * Tall enough for the whole flame graph (16 px per frame level, roots at the bottom),
     * from the deepest stack in collapsed.txt next to it; capped, and the default without
     * it.
     */
    static int flameHeight(Path collapsed) throws IOException {
        if (!Files.isRegularFile(collapsed)) {
            return FLAME_HEIGHT;
        }
        int depth;
        try (Stream<String> lines = Files.lines(collapsed)) {
            depth = lines.mapToInt(line -> (int) line.chars().filter(c -> c == ';').count() + 1).max().orElse(0);
        }
        return Math.max(FLAME_HEIGHT, Math.min(FLAME_MAX_HEIGHT, 80 + (depth + 2) * 16));
    }

    private boolean wanted(String id) {
        return only.stream().allMatch(String::isBlank) || only.contains(id);
    }

    /**
     * The README as a reader on a code host sees its first screen: CommonMark with
     * GitHub's tables, rendered to a page of its own and drawn by the same Chromium.
     */
    private Path readme(Path png) throws IOException {
        if (!Files.isRegularFile(readme)) {
            throw new LabException(readme + " does not exist: pass --readme <file>");
        }
        List<Extension> tables = List.of(TablesExtension.create());
        String body = HtmlRenderer.builder()
            .extensions(tables)
            .build()
            .render(Parser.builder().extensions(tables).build().parse(Files.readString(readme)));
        Path page = Files.createTempFile("perflab-readme", ".html");
        try {
            Files.writeString(page, "<!doctype html><html><head><meta charset=\"utf-8\"><style>" + README_STYLE
                    + "</style></head><body>" + body + "</body></html>");
            screenshot(page.toUri().toString(), PAGE_WIDTH, PAGE_HEIGHT, png);
        }
        finally {
            Files.deleteIfExists(page);
        }
        return png;
    }

    private void screenshot(String url, int width, int height, Path png) throws IOException {
        Path profile = Files.createTempDirectory("perflab-chromium");
        try {
            Files.deleteIfExists(png);
            Commands.Result result = Commands
                .run(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--no-first-run", "--disable-background-networking", "--disable-component-update",
                        "--disable-sync", "--disable-quic", "--user-data-dir=" + profile, "--virtual-time-budget=5000",
                        "--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath(), url), null,
                        Duration.ofSeconds(90));
            if (result.exit() == Commands.Result.NOT_RUN) {
                throw new LabException(
                        chromium + " is not installed: apt-get install chromium (or pass --chromium <path>)");
            }
            if (!result.ok() || !Files.isRegularFile(png)) {
                throw new LabException(
                        "chromium could not draw " + url + " (exit " + result.exit() + "): " + result.lastLine());
            }
        }
        finally {
            deleteTree(profile);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> p.toFile().delete());
        }
    }

}
