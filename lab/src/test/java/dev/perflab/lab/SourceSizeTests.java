package dev.perflab.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rooms of a size one can read: in the main code of every module (the lab, the gateway,
 * gateway-lean, the apps and what they share) no class file over 400 lines, no method
 * over 60 and no package cycle. The lab's and the gateway's ArchitectureTests check their
 * packages' directions with ArchUnit; this reads the source of every module as text, so
 * that a module without ArchUnit (gateway-lean) is held too.
 */
class SourceSizeTests {

    static final int MAX_CLASS_LINES = 400;

    static final int MAX_METHOD_LINES = 60;

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void noMainClassIsOver400Lines() {
        List<String> over = new ArrayList<>();
        for (Path file : mainFiles()) {
            long lines = SourceShape.read(file).lines().count();
            if (lines > MAX_CLASS_LINES) {
                over.add(ROOT.relativize(file) + ": " + lines + " lines");
            }
        }
        assertThat(over).as("classes over %d lines: split them by what they hold", MAX_CLASS_LINES).isEmpty();
    }

    @Test
    void noMainMethodIsOver60Lines() {
        List<String> over = new ArrayList<>();
        for (Path file : mainFiles()) {
            for (SourceShape.Method method : SourceShape.methods(SourceShape.read(file))) {
                if (method.lines() > MAX_METHOD_LINES) {
                    over.add(ROOT.relativize(file) + ":" + method.line() + " " + method.header() + ": " + method.lines()
                            + " lines");
                }
            }
        }
        assertThat(over).as("methods over %d lines", MAX_METHOD_LINES).isEmpty();
    }

    @Test
    void noModulesPackagesFormACycle() {
        List<String> cycles = new ArrayList<>();
        for (Path module : modules()) {
            Map<String, Set<String>> graph = SourceShape.packageGraph(SourceShape.javaFiles(mainJava(module)));
            SourceShape.cycles(graph).forEach(cycle -> cycles.add(module.getFileName() + ": " + cycle));
        }
        assertThat(cycles).as("package cycles").isEmpty();
    }

    @Test
    void theModulesReadIncludeTheLabTheGatewayAndGatewayLean() {
        assertThat(modules().stream().map(module -> module.getFileName().toString())).contains("lab", "gateway",
                "gateway-lean");
        assertThat(mainFiles()).as("the lab's own main code is read")
            .anySatisfy(file -> assertThat(file)
                .isEqualTo(mainJava(ROOT.resolve("lab")).resolve("dev/perflab/lab/cli/LabCommand.java")));
    }

    @Test
    void aLongMethodIsMeasuredFromBraceToBrace() {
        String body = "        int x = 0;\n".repeat(61);
        String source = "package a;\nclass A {\n    /** { not counted */\n    void long1() {\n" + body
                + "    }\n    String s = \"}\";\n    void short1() { Runnable r = new Runnable() {\n"
                + "        public void run() {\n        }\n    }; }\n    record R(int a) {\n"
                + "        R {\n        }\n        int twice() {\n            return 2 * a;\n        }\n    }\n}\n";
        List<SourceShape.Method> methods = SourceShape.methods(source);
        assertThat(methods).extracting(SourceShape.Method::header)
            .containsExactly("void long1()", "void short1()", "int twice()");
        assertThat(methods.get(0).lines()).isEqualTo(63);
        assertThat(methods.get(0).line()).isEqualTo(4);
        assertThat(methods.get(1).lines()).isEqualTo(4);
    }

    @Test
    void twoPackagesThatReferToEachOtherAreACycle() {
        Map<String, Set<String>> graph = Map.of("dev.perflab.a", Set.of("dev.perflab.b"), "dev.perflab.b",
                Set.of("dev.perflab.c"), "dev.perflab.c", Set.of("dev.perflab.a"), "dev.perflab.d",
                Set.of("dev.perflab.a"));
        assertThat(SourceShape.cycles(graph))
            .containsExactly(Set.of("dev.perflab.a", "dev.perflab.b", "dev.perflab.c"));
        assertThat(SourceShape.referencedPackages("import dev.perflab.x.Y;\n// dev.perflab.z.Q\n"
                + "class A { dev.perflab.w.V.Inner v; String s = \"dev.perflab.s.S\"; }"))
            .containsExactly("dev.perflab.w", "dev.perflab.x");
    }

    /** Every module of the repository that has main Java code. */
    private static List<Path> modules() {
        try (Stream<Path> children = Files.list(ROOT)) {
            return children.filter(dir -> Files.isDirectory(mainJava(dir))).sorted().toList();
        }
        catch (IOException ex) {
            throw new IllegalStateException("cannot list " + ROOT, ex);
        }
    }

    private static List<Path> mainFiles() {
        return modules().stream().flatMap(module -> SourceShape.javaFiles(mainJava(module)).stream()).toList();
    }

    private static Path mainJava(Path module) {
        return module.resolve("src/main/java");
    }

}
