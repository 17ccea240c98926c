package dev.perflab.lab.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RunParameters;
import tools.jackson.databind.JsonNode;

/**
 * The report's title, the machine and parameters line and why the run stopped early, if
 * it did. Facts about the machine come from run.json alone, so a report written elsewhere
 * still describes the machine that ran; the sentence around them is in
 * {@code section/header.*.mustache}.
 *
 * @param foreign the user's own gateway as far as its jar tells, null when the lab's
 * gateway ran
 */
public record HeaderSection(String command, String cpuModel, String cores, String jdk, String runtime, String commit,
        boolean dirty, String started, String threads, String connections, String duration, String timeout,
        String repeat, boolean generatorOnSameHost, String placement, String system, ForeignGateway foreign,
        String error) implements Section {

    /**
     * The user's own gateway: its jar or image and what its jar says of Spring; null
     * where unknown, never guessed.
     *
     * @param jar the jar's name, null when it ran from an image
     */
    public record ForeignGateway(String jar, String image, String springBoot, String springCloudGateway, String route,
            String header) {
    }

    static HeaderSection of(RunFacts facts, String error) {
        JsonNode info = facts.info();
        JsonNode machine = info.path("machine");
        RunParameters p = facts.parameters();
        String commit = info.path("git_commit").asString();
        return new HeaderSection(info.path("command").asString(), machine.path("cpu_model").asString(),
                machine.path("cores").asString(), info.path("jdk").asString(), info.path("runtime").asString(),
                commit.length() > 12 ? commit.substring(0, 12) : commit, info.path("git_dirty").asBoolean(),
                info.path("started").asString(), text(p.threads()), text(p.connections()), text(p.duration()),
                text(p.timeout()), text(p.passes()), machine.path("load_generator_on_same_host").asBoolean(true),
                p.placement(), p.system(), facts.foreignGateway() ? foreign(info.path("gateway")) : null, error);
    }

    /** A parameter as the header line shows it: empty where the run did not record it. */
    private static String text(Object parameter) {
        return parameter == null ? "" : parameter.toString();
    }

    private static ForeignGateway foreign(JsonNode g) {
        return new ForeignGateway(g.has("jar") ? g.path("jar").asString() : null, g.path("image").asString(),
                g.path("spring_boot").asString(null), g.path("spring_cloud_gateway").asString(null),
                g.path("route").asString(), g.path("header").asString());
    }

    @Override
    public Map<String, Object> view() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("command", command);
        view.put("cpuModel", cpuModel);
        view.put("cores", cores);
        view.put("jdk", jdk);
        view.put("runtime", runtime);
        view.put("commit", commit);
        view.put("dirty", dirty);
        view.put("started", started);
        view.put("threads", threads);
        view.put("connections", connections);
        view.put("duration", duration);
        view.put("timeout", timeout);
        view.put("repeat", repeat);
        view.put("sameHost", generatorOnSameHost);
        view.put("placement", Views.optional(placement));
        view.put("system", Views.optional(system));
        view.put("foreign", foreign == null ? List.of() : List.of(Map.of("jar", Views.optional(foreign.jar()), "image",
                foreign.image(), "springBoot", Views.optional(foreign.springBoot()), "springCloudGateway",
                Views.optional(foreign.springCloudGateway()), "route", foreign.route(), "header", foreign.header())));
        // a run ends early only on Ctrl-C or SIGTERM; a rung that failed is left behind
        // and
        // the ladder goes on (error.txt then holds one "rung <name>: ..." per failure)
        boolean rungsFailed = error != null && error.startsWith("rung ");
        view.put("error", Views.optional(rungsFailed ? null : error));
        view.put("failures", Views.optional(rungsFailed ? error : null));
        return view;
    }
}
