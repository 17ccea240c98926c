package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.run.RunFolder;
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
                    + "report (report.html's first screen) and readme (README.md and its German and Chinese pages "
                    + "rendered; no run needed) only when named.")
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
        if (!only.isEmpty() && only.stream().allMatch("readme"::equals)) {
            // the READMEs belong to no run: a fresh clone draws them without one
            Files.createDirectories(out);
            return printed(readmes(new ChartPictures(chromium, out)));
        }
        RunFolder folder = RunFolder.existing(run);
        Path report = folder.resolve("report.html");
        if (!Files.isRegularFile(report)) {
            throw new LabException(report + " does not exist: write it first with make report RUN=" + run);
        }
        String name = prefix != null ? prefix : folder.dir().toRealPath().getFileName().toString();
        Files.createDirectories(out);
        ChartPictures pictures = new ChartPictures(chromium, out);
        List<Path> written = new ArrayList<>();
        Matcher canvas = CANVAS.matcher(Files.readString(report));
        while (canvas.find()) {
            if (!wanted(canvas.group(1))) {
                continue;
            }
            Path png = out.resolve(name + "-" + canvas.group(1) + ".png");
            pictures.screenshot(report.toUri() + "#chart=" + canvas.group(1), Integer.parseInt(canvas.group(2)),
                    Integer.parseInt(canvas.group(3)), png);
            written.add(png);
        }
        if (only.contains("report")) {
            // the first screen a reader of report.html sees, at a laptop's width
            Path png = out.resolve(name + "-report.png");
            pictures.screenshot(report.toUri().toString(), ChartPictures.PAGE_WIDTH, ChartPictures.PAGE_HEIGHT, png);
            written.add(png);
        }
        if (only.contains("readme")) {
            written.addAll(readmes(pictures));
        }
        written.addAll(pictures.flameGraphs(folder.dir(), name, wanted("flamegraph"), flameThreads));
        if (written.isEmpty()) {
            throw new LabException("no chart matched --charts " + String.join(",", only) + " in " + report
                    + ": use canvas ids such as rps, latency, sweep, cpu-0, or flamegraph");
        }
        return printed(written);
    }

    /** Each file written, then their count: the command's output. */
    private int printed(List<Path> written) {
        written.forEach(png -> spec.commandLine().getOut().println("  " + png));
        spec.commandLine().getOut().println(written.size() + " charts in " + out);
        return 0;
    }

    /**
     * The README's first screen, and those of its German and Chinese pages beside it
     * (README_DE.md, README_ZH.md) where they exist: readme.png, readme-de.png,
     * readme-zh.png, after the prefix only when one is given (the READMEs belong to no
     * run).
     */
    private List<Path> readmes(ChartPictures pictures) throws IOException {
        String start = prefix != null ? prefix + "-" : "";
        List<Path> written = new ArrayList<>();
        written.add(pictures.readme(readme, out.resolve(start + "readme.png")));
        Path dir = readme.toAbsolutePath().getParent();
        for (String language : List.of("de", "zh")) {
            Path page = dir.resolve("README_" + language.toUpperCase(Locale.ROOT) + ".md");
            if (Files.isRegularFile(page)) {
                written.add(pictures.readme(page, out.resolve(start + "readme-" + language + ".png")));
            }
        }
        return written;
    }

    private boolean wanted(String id) {
        return only.stream().allMatch(String::isBlank) || only.contains(id);
    }

}
