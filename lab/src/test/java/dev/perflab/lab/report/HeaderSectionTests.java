package dev.perflab.lab.report;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The machine line is built from run.json's facts in the partial; the Java hands it
 * values only.
 */
class HeaderSectionTests {

    @Test
    void aForeignGatewayFromAnImageNamesTheImageAndWhatItDoesNotKnow() {
        ObjectNode info = SectionFixtures.info("run-lab-interrupted");
        info.putObject("gateway")
            .put("foreign", true)
            .put("image", "acme/gw:1")
            .put("route", "/api/**")
            .put("header", "X-Token");
        HeaderSection header = HeaderSection.of(SectionFixtures.facts(SectionFixtures.folder("run-lab-interrupted"),
                info, SectionFixtures.rungs("run-lab-interrupted")), null);
        assertThat(header.foreign().jar()).isNull();
        assertThat(SectionFixtures.markdown("header", "header", header)).contains(
                "; a foreign gateway ran: image acme/gw:1 (Spring Boot unknown, Spring Cloud Gateway unknown), route /api/**, header X-Token;")
            .doesNotContain("The run stopped early");
    }

    @Test
    void theCommitIsCutToTwelveCharactersAndMarkedWhenDirty() {
        ObjectNode info = SectionFixtures.info("run-lab-interrupted");
        info.put("git_dirty", true);
        HeaderSection header = HeaderSection.of(SectionFixtures.facts(SectionFixtures.folder("run-lab-interrupted"),
                info, SectionFixtures.rungs("run-lab-interrupted")), "stopped");
        assertThat(header.commit()).isEqualTo("8653ee1d9aff");
        assertThat(SectionFixtures.markdown("header", "header", header))
            .contains("commit 8653ee1d9aff (with uncommitted changes); started")
            .doesNotContain("a foreign gateway")
            .endsWith("**The run stopped early:** stopped\n\n");
    }

    @Test
    void aRungThatFailedIsNotARunThatStoppedEarly() {
        HeaderSection header = HeaderSection.of(
                SectionFixtures.facts(SectionFixtures.folder("run-lab-interrupted"),
                        SectionFixtures.info("run-lab-interrupted"), SectionFixtures.rungs("run-lab-interrupted")),
                "rung crashing: gateway exited (exit code 3)");
        assertThat(SectionFixtures.markdown("header", "header", header)).doesNotContain("The run stopped early")
            .endsWith("**Rungs that failed (the ladder went on without them):** rung crashing: gateway exited "
                    + "(exit code 3)\n\n");
        assertThat(SectionFixtures.html("header", "header", header)).contains(
                "<p class=\"error\">Rungs that failed (the ladder went on without them): rung crashing: gateway exited (exit code 3)</p>");
    }

    @Test
    void htmlEscapesEachValueButMarkdownKeepsThemAsWritten() {
        ObjectNode info = SectionFixtures.info("run-lab-interrupted");
        ((ObjectNode) info.path("machine")).put("cpu_model", "A<B> & \"C\"");
        ((ObjectNode) info.path("parameters")).put("placement", "cpus 0|1");
        HeaderSection header = HeaderSection.of(SectionFixtures.facts(SectionFixtures.folder("run-lab-interrupted"),
                info, SectionFixtures.rungs("run-lab-interrupted")), null);
        assertThat(SectionFixtures.html("header", "header", header))
            .contains("<p class=\"meta\">A&lt;B&gt; &amp; &quot;C&quot;, 2 cores")
            .contains("load generator on the same host; cpus 0|1</p>");
        assertThat(SectionFixtures.markdown("header", "header", header)).contains("A<B> & \"C\", 2 cores")
            .contains("; cpus 0|1\n");
    }

}
