package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.StepVerdict;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The headline: the cheapest and fastest gateway rung against the first gateway rung and
 * nginx, with the same statistic as a step's, in words that say cheaper for CPU and
 * faster for req/s.
 */
class HeadlineSectionTests {

    /**
     * The golden ladder (baseline, reactive, nginx) with a "blocking" rung before
     * reactive: reactive's windows at half the req/s and twice the gateway's CPU per
     * request.
     */
    private static RunFacts withBlocking(int repeat) {
        ObjectNode info = SectionFixtures.info("run-lab");
        ((ObjectNode) info.path("parameters")).put("repeat", repeat);
        ArrayNode rungs = SectionFixtures.rungs("run-lab");
        ObjectNode blocking = (ObjectNode) rungs.get(1).deepCopy();
        blocking.put("name", "blocking");
        blocking.put("rps", blocking.path("rps").asDouble() / 2);
        for (JsonNode window : blocking.path("windows")) {
            ((ObjectNode) window).put("rps", window.path("rps").asDouble() / 2);
            ObjectNode cpu = (ObjectNode) window.path("cpu_ms_per_request");
            cpu.put("gateway", cpu.path("gateway").asDouble() * 2);
        }
        ObjectNode gateway = (ObjectNode) blocking.path("intervals").path("cpu_ms_per_request").path("gateway");
        gateway.put("mean", gateway.path("mean").asDouble() * 2);
        rungs.insert(1, blocking);
        return SectionFixtures.facts(SectionFixtures.folder("run-lab"), info, rungs);
    }

    @Test
    void theCheapestRungIsComparedWithTheFirstGatewayRungAndNginxByTheStepStatistic() {
        RunFacts facts = withBlocking(1);
        HeadlineSection headline = HeadlineSection.of(facts);
        RungResult blocking = facts.rungs().get(1);
        RungResult reactive = facts.rungs().get(2);
        StepVerdict step = StepVerdict.of(blocking.name(), blocking.windows(), reactive.windows());
        assertThat(headline.lines()).hasSize(2);
        assertThat(headline.lines().get(0))
            .startsWith("Cheapest gateway rung: reactive, 1.422 ms of gateway CPU per request; against blocking ")
            .contains(Cells.format("%.2f × [%.2f to %.2f], cheaper; against nginx ", step.proxyCpuPerRequest().ratio(),
                    step.proxyCpuPerRequest().low(), step.proxyCpuPerRequest().high()))
            .endsWith("costlier.");
        assertThat(step.proxyCpuPerRequest().ratio()).isEqualTo(0.5);
        assertThat(headline.lines().get(1))
            .startsWith("Fastest gateway rung: reactive, 687 req/s; against blocking 2.00 × [");
        assertThat(headline.onePass()).isTrue();
        assertThat(SectionFixtures.markdown("headline", "headline", headline)).contains("- Fastest gateway rung: ")
            .contains("do not cover a restart");
    }

    /**
     * The lean ladder's case: the cheapest rung caches auth answers, so it is held
     * against the nginx that caches them too, not the one that asks auth-service every
     * time.
     */
    @Test
    void aCachingGatewayIsHeldAgainstTheCachingNginx() {
        ObjectNode info = SectionFixtures.info("run-lab");
        ArrayNode rungs = SectionFixtures.rungs("run-lab");
        ObjectNode cached = (ObjectNode) rungs.get(1).deepCopy();
        cached.put("name", "auth-cache");
        cached.putArray("profiles").add("reactive").add("auth-cache");
        for (JsonNode window : cached.path("windows")) {
            ObjectNode cpu = (ObjectNode) window.path("cpu_ms_per_request");
            cpu.put("gateway", cpu.path("gateway").asDouble() / 2);
        }
        ObjectNode gateway = (ObjectNode) cached.path("intervals").path("cpu_ms_per_request").path("gateway");
        gateway.put("mean", gateway.path("mean").asDouble() / 2);
        rungs.insert(2, cached);
        ObjectNode nginxCached = (ObjectNode) rungs.get(3).deepCopy();
        nginxCached.put("name", "nginx-cached");
        nginxCached.putArray("profiles").add("auth-cache");
        rungs.add(nginxCached);
        HeadlineSection headline = HeadlineSection
            .of(SectionFixtures.facts(SectionFixtures.folder("run-lab"), info, rungs));

        assertThat(headline.lines().get(0)).startsWith("Cheapest gateway rung: auth-cache, ")
            .contains("; against reactive ")
            .contains("; against nginx-cached ")
            .doesNotContain("against nginx ");
    }

    @Test
    void withSeveralPassesTheOnePassWarningIsLeftOut() {
        HeadlineSection headline = HeadlineSection.of(withBlocking(3));
        assertThat(headline.onePass()).isFalse();
        assertThat(SectionFixtures.markdown("headline", "headline", headline)).doesNotContain("do not cover a restart");
    }

    @Test
    void nginxIsTheOtherReferenceAndCostsAreCheaperOrCostlier() {
        HeadlineSection headline = HeadlineSection.of(SectionFixtures.facts("run-lab"));
        assertThat(headline.lines().get(0)).startsWith("Cheapest gateway rung: reactive, ")
            .contains("; against nginx ")
            .doesNotContain("against reactive")
            .endsWith("costlier.");
        assertThat(headline.lines().get(1)).contains("; against nginx ").endsWith("slower.");
    }

    @Test
    void onlyALadderHasAHeadline() {
        assertThat(HeadlineSection.of(SectionFixtures.facts("run-sweep")).lines()).isEmpty();
        assertThat(HeadlineSection.of(SectionFixtures.facts("run-gateway-test")).view()).isNull();
        assertThat(SectionFixtures.markdown("headline", "headline",
                HeadlineSection.of(SectionFixtures.facts("run-capacity"))))
            .isEmpty();
    }

}
