package dev.perflab.lab.advise;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.verdict.Quantity;
import dev.perflab.lab.LabException;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.verdict.PairedRatio;
import dev.perflab.lab.verdict.Verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdviceTests {

    static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    static final Path OWN = ROOT.resolve("examples/own-gateway/target/own-gateway.jar");

    static final Path LAB = ROOT.resolve("gateway/target/gateway.jar");

    static Optional<Path> jdk25(int feature) {
        return feature == 25 ? Optional.of(Path.of("/jdks/25")) : Optional.empty();
    }

    static Advice.Pull pull(List<Advice.Pull> pulls, String name) {
        return pulls.stream().filter(p -> p.lever().name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * A stock Spring Cloud Gateway without actuator: its libraries declare the gateway's
     * properties and not the actuator's, and it sets none of them itself.
     */
    @Test
    void aStockGatewayTakesEveryLeverButTheOnesOfLibrariesItLacks() {
        JarFacts facts = JarFacts.read(OWN);
        assertThat(facts.declares("spring.cloud.gateway.server.webflux.route-filter-cache-enabled")).isTrue();
        assertThat(facts.declares("server.http2.enabled")).isTrue();
        assertThat(facts.declares("management.observations.enable.http.server.requests")).isFalse();
        assertThat(facts.value("spring.cloud.gateway.server.webflux.route-filter-cache-enabled")).isNull();

        List<Advice.Pull> pulls = Advice.check(Levers.select(""), facts, List.of("-Xms1g", "-Xmx1g"), 17,
                AdviceTests::jdk25, "/jdks");
        assertThat(pulls).extracting(p -> p.lever().name()).containsExactlyElementsOf(Levers.DEFAULT);
        assertThat(pull(pulls, "no-http-observation").skipped())
            .startsWith("your jar does not declare management.observations.enable.http.server.requests");
        assertThat(pulls.stream().filter(p -> !p.measured())).hasSize(1);
        Advice.Pull jdk = pull(pulls, "newer-jdk");
        assertThat(jdk.jdk()).isEqualTo(Path.of("/jdks/25"));
        assertThat(jdk.toCopy()).isEqualTo("run on JDK 25 (/jdks/25)");
    }

    /**
     * The lab's own gateway already sets the gateway's levers in its application.yml:
     * they are without effect there, and not measured.
     */
    @Test
    void aLeverTheJarAlreadySetsIsWithoutEffect() {
        List<Advice.Pull> pulls = Advice.check(Levers.select(""), JarFacts.read(LAB), List.of(), 17,
                feature -> Optional.empty(), "/nowhere");
        for (String set : List.of("route-filter-cache", "no-gateway-observations", "no-forwarded-headers",
                "no-http-observation")) {
            assertThat(pull(pulls, set).skipped()).as(set)
                .isEqualTo("your jar already sets it: without effect, not measured");
        }
        assertThat(pull(pulls, "no-http2").measured()).isTrue();
        assertThat(pull(pulls, "routes-first").measured()).isTrue();
        assertThat(pull(pulls, "newer-jdk").skipped()).isEqualTo("no JDK newer than 17 in /nowhere");
    }

    @Test
    void aJvmOptionAlreadyGivenOrAnotherCollectorIsNotMeasured() {
        JarFacts facts = JarFacts.read(OWN);
        List<Advice.Pull> pulls = Advice.check(Levers.select("pooled-allocator,parallel-gc"), facts,
                List.of("-Dio.netty.allocator.type=pooled", "-XX:+UseG1GC"), 17, AdviceTests::jdk25, "/jdks");
        assertThat(pulls.get(0).skipped()).startsWith("the gateway's JVM options already have it");
        assertThat(pulls.get(1).skipped()).startsWith("the gateway's JVM options already choose a collector");
        List<Advice.Pull> given = Advice.check(Levers.select("no-http2"), facts,
                List.of("-Dserver.http2.enabled=false"), 17, AdviceTests::jdk25, "/jdks");
        assertThat(given.get(0).skipped()).isEqualTo("your jar already sets it: without effect, not measured");
    }

    @Test
    void leversAreChosenByNameInTheOrderGivenAndABadNameIsOneLine() {
        assertThat(Levers.select("parallel-gc, route-filter-cache")).extracting(Lever::name)
            .containsExactly("parallel-gc", "route-filter-cache");
        assertThatThrownBy(() -> Levers.select("route-filter-cache,turbo")).isInstanceOf(LabException.class)
            .hasMessageStartingWith(
                    "LEVERS=route-filter-cache,turbo: no lever 'turbo'; make advise knows route-filter-cache, ");
        assertThatThrownBy(() -> Levers.select("parallel-gc,parallel-gc"))
            .hasMessage("LEVERS=parallel-gc,parallel-gc names parallel-gc twice");
        assertThat(Levers.ALL).extracting(Lever::name).containsAll(Levers.DEFAULT);
    }

    @Test
    void eachRungCarriesTheLeversBeforeIt() {
        List<Advice.Pull> pulls = Advice.check(Levers.select("no-forwarded-headers,parallel-gc"), JarFacts.read(OWN),
                List.of(), 17, AdviceTests::jdk25, "/jdks");
        assertThat(Advice.cumulativeOptions(pulls)).containsExactly(
                List.of("-Dspring.cloud.gateway.server.webflux.forwarded.enabled=false",
                        "-Dspring.cloud.gateway.server.webflux.x-forwarded.enabled=false"),
                List.of("-Dspring.cloud.gateway.server.webflux.forwarded.enabled=false",
                        "-Dspring.cloud.gateway.server.webflux.x-forwarded.enabled=false", "-XX:+UseParallelGC"));
        assertThat(pulls.get(0).toCopy()).isEqualTo("spring.cloud.gateway.server.webflux.forwarded.enabled=false; "
                + "spring.cloud.gateway.server.webflux.x-forwarded.enabled=false");
        assertThat(pulls.get(1).toCopy()).isEqualTo("JVM option -XX:+UseParallelGC");
    }

    static LineupResult.Step step(String from, String to, List<Double> cpu, List<Double> bytes) {
        return new LineupResult.Step(from, to, "", new java.util.EnumMap<>(Map.of(PairedMetric.CPU,
                PairedRatio.of(cpu, Quantity.COST), PairedMetric.BYTES, PairedRatio.of(bytes, Quantity.COUNT))), null,
                null);
    }

    /**
     * The table: a cheaper lever with its line, one without effect said so, the levers
     * together as the product of the steps pass by pass, and the command that measures
     * the cheaper ones alone.
     */
    @Test
    void theTableNamesEachLeversVerdictAndTheLeversTogether() {
        List<Advice.Pull> pulls = Advice.check(Levers.select("route-filter-cache,no-http-observation,parallel-gc"),
                JarFacts.read(OWN), List.of(), 17, AdviceTests::jdk25, "/jdks");
        List<LineupResult.Step> run = List.of(
                step(Advice.AS_IS, "route-filter-cache", List.of(0.95, 0.96, 0.94, 0.95),
                        List.of(0.90, 0.91, 0.90, 0.90)),
                step("route-filter-cache", "parallel-gc", List.of(1.02, 0.97, 1.01, 0.99),
                        List.of(1.00, 1.01, 1.00, 0.99)));
        List<LineupResult.Step> steps = Advice.steps(pulls, run);
        assertThat(steps.get(1)).isNull();
        PairedRatio together = Advice.together(steps, PairedMetric.CPU);
        assertThat(together.perPass()).containsExactly(0.969, 0.9312, 0.9494, 0.9405);
        assertThat(together.verdict()).isEqualTo(Verdict.CHEAPER);
        assertThat(Advice.cheaper(pulls, steps)).containsExactly("route-filter-cache");

        String md = Advice.markdown("my.jar", pulls, steps, "results/x-advise");
        assertThat(md).contains(
                "| route-filter-cache | `spring.cloud.gateway.server.webflux.route-filter-cache-enabled=true` | 0.950 × [")
            .contains("| CPU cheaper, bytes fewer |")
            .contains(
                    "| no-http-observation | `management.observations.enable.http.server.requests=false` | - | - | your jar does not declare")
            .contains("| parallel-gc | `JVM option -XX:+UseParallelGC` | 0.997 × [")
            .contains("| CPU no difference, bytes no difference |")
            .contains(
                    "All the measured levers together against none (the chain's steps multiplied pass by pass): CPU per request 0.947 × [")
            .contains("], cheaper, bytes ")
            .contains("`make advise GATEWAY_JAR=my.jar LEVERS=route-filter-cache`");
        assertThat(Advice.console(pulls, steps))
            .contains("      add: spring.cloud.gateway.server.webflux.route-filter-cache-enabled=true");
    }

    /**
     * What the jar's own configuration sets is read from application.properties and
     * application.yml, in relaxed names; a profile's document is not the jar's default; a
     * map-typed property declares its keys.
     */
    @Test
    void aJarsOwnSettingsAndDeclaredPropertiesAreReadInRelaxedForm(@TempDir Path dir) throws IOException {
        Path lib = dir.resolve("lib.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(lib))) {
            out.putNextEntry(new JarEntry("META-INF/spring-configuration-metadata.json"));
            out.write(("{\"properties\":[{\"name\":\"a.route-cache\",\"type\":\"java.lang.Boolean\"},"
                    + "{\"name\":\"m.enable\",\"type\":\"java.util.Map<java.lang.String,java.lang.Boolean>\"}]}")
                .getBytes(StandardCharsets.UTF_8));
        }
        Path jar = dir.resolve("app.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("BOOT-INF/lib/lib.jar"));
            out.write(Files.readAllBytes(lib));
            out.putNextEntry(new ZipEntry("BOOT-INF/classes/application.yml"));
            write(out, "a:\n  routeCache: true\nm:\n  enable:\n    http.server.requests: false\n---\n"
                    + "spring:\n  config:\n    activate:\n      on-profile: prod\nb: 1\n");
            out.putNextEntry(new ZipEntry("BOOT-INF/classes/application.properties"));
            write(out, "c.d_e=x\n");
        }
        JarFacts facts = JarFacts.read(jar);
        assertThat(facts.declares("a.route-cache")).isTrue();
        assertThat(facts.declares("a.routecache")).isTrue();
        assertThat(facts.declares("m.enable.anything")).isTrue();
        assertThat(facts.declares("a.other")).isFalse();
        assertThat(facts.value("a.route-cache")).isEqualTo("true");
        assertThat(facts.value("m.enable.http.server.requests")).isEqualTo("false");
        assertThat(facts.value("c.de")).isEqualTo("x");
        assertThat(facts.value("b")).isNull();
        List<String> names = new ArrayList<>(facts.set().keySet());
        assertThat(names).doesNotContain("b");
        assertThatThrownBy(() -> JarFacts.read(dir.resolve("lib-missing.jar"))).isInstanceOf(LabException.class)
            .hasMessageStartingWith("GATEWAY_JAR=" + dir.resolve("lib-missing.jar") + ": cannot read");
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

}
