package dev.perflab.lab.apps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.LabSystem;
import dev.perflab.lab.system.RunningService;
import dev.perflab.lab.system.Service;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every metric the Grafana dashboard queries exists in a real scrape of the three apps.
 */
class DashboardMetricsIntegrationTests extends WithRealApps {

    private static final Set<String> PROMQL_WORDS = Set.of("sum", "rate", "irate", "increase", "avg", "max", "min",
            "count", "histogram_quantile", "by", "without", "on", "ignoring", "group_left", "group_right", "and", "or",
            "unless", "offset");

    @Test
    void everyQueriedMetricIsInTheAppsScrapes() throws Exception {
        Set<String> scraped = new TreeSet<>();
        try (LabSystem system = apps.gateway(java.util.List.of("reactive"))) {
            RunningService gateway = system.get(Service.GATEWAY);
            for (int i = 0; i < 5; i++) {
                assertThat(RealApps.get(gateway, "/service/hello", RealApps.TOKEN).statusCode()).isEqualTo(200);
            }
            for (RunningService service : java.util.List.of(gateway, apps.business(), apps.auth())) {
                RealApps.get(service, "/actuator/prometheus", java.util.Map.of())
                    .body()
                    .lines()
                    .filter(line -> !line.startsWith("#") && !line.isBlank())
                    .map(line -> line.split("[{ ]", 2)[0])
                    .forEach(scraped::add);
            }
        }
        Set<String> queried = new TreeSet<>();
        Path dashboards = apps.root.resolve("profiling/grafana/dashboards");
        try (var files = Files.list(dashboards)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                JsonNode dashboard = RunFolder.JSON.readTree(file.toFile());
                for (JsonNode panel : dashboard.path("panels")) {
                    for (JsonNode target : panel.path("targets")) {
                        queried.addAll(metricNames(target.path("expr").asString()));
                    }
                }
            }
        }
        assertThat(queried).as("metric names found in the dashboard's queries").hasSizeGreaterThanOrEqualTo(8);
        assertThat(scraped).containsAll(queried);
    }

    /**
     * Metric names in a PromQL expression: identifiers outside label matchers, ranges,
     * strings and by/without lists.
     */
    static Set<String> metricNames(String expr) {
        String bare = expr.replaceAll("\"[^\"]*\"", "")
            .replaceAll("\\{[^}]*\\}", "")
            .replaceAll("\\[[^\\]]*\\]", "")
            .replaceAll("\\b(by|without)\\s*\\([^)]*\\)", "");
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*").matcher(bare);
        while (m.find()) {
            String word = m.group();
            if (!PROMQL_WORDS.contains(word) && !word.startsWith("$")) {
                names.add(word);
            }
        }
        return names;
    }

}
