package dev.perflab.lab.k8s;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

import com.sun.net.httpserver.HttpServer;
import dev.perflab.lab.compose.Tools;
import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.system.Commands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * deploy/k8s/load's vegeta agents: the Job's own shell command, taken from the rendered
 * manifest, run here as each of its two indexed pods would run it (vegeta on the PATH,
 * JOB_COMPLETION_INDEX set), against a server on loopback in place of the gateway
 * Service. No cluster runs it; what a pod would do with its environment does.
 */
class VegetaAgentsJobTests {

    private static final Path ROOT = Tools.ROOT;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path temp;

    @Test
    void eachAgentOffersItsShareOfTheRateWithTheTokenAndTheirRawResultsMergeExactly() throws IOException {
        Kubectl.need();
        Commands.Result rendered = Tools
            .run(List.of("kubectl", "kustomize", ROOT.resolve("deploy/k8s/load").toString()), Map.of(), 120);
        assertThat(rendered.ok()).as(rendered.output()).isTrue();
        JsonNode job = YAMLMapper.builder().build().readTree(rendered.output());
        assertThat(job.path("kind").asString()).isEqualTo("Job");
        JsonNode spec = job.path("spec");
        JsonNode container = spec.path("template").path("spec").path("containers").get(0);
        Map<String, String> env = new HashMap<>();
        container.path("env")
            .forEach(variable -> env.put(variable.path("name").asString(), variable.path("value").asString()));
        // one pod an agent: AGENTS, completions and parallelism say the same
        assertThat(spec.path("completionMode").asString()).isEqualTo("Indexed");
        assertThat(spec.path("completions").asInt()).isEqualTo(Integer.parseInt(env.get("AGENTS")))
            .isEqualTo(spec.path("parallelism").asInt());
        assertThat(env.get("TARGET")).isEqualTo("http://gateway:38071/service/hello");
        assertThat(container.path("image").asString()).endsWith(":" + VegetaInstaller.VERSION);
        List<String> command = new ArrayList<>();
        container.path("command").forEach(part -> command.add(part.asString()));
        container.path("args").forEach(part -> command.add(part.asString()));
        assertThat(command).hasSize(3).startsWith("/bin/sh", "-c");

        Path vegeta = VegetaInstaller.ensure(ROOT, new PrintWriter(new StringWriter()));
        ConcurrentLinkedQueue<String> tokens = new ConcurrentLinkedQueue<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/service/hello", exchange -> {
            tokens.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] body = "Hello World!".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        List<Path> logs = new ArrayList<>();
        try {
            // 101 req/s over two agents: 51 for the first, 50 for the second
            for (int index = 0; index < 2; index++) {
                Map<String, String> pod = new HashMap<>(env);
                pod.put("TARGET", "http://127.0.0.1:" + server.getAddress().getPort() + "/service/hello");
                pod.put("RATE", "101");
                pod.put("DURATION", "2s");
                pod.put("JOB_COMPLETION_INDEX", Integer.toString(index));
                pod.put("PATH", vegeta.getParent() + ":" + System.getenv("PATH"));
                Commands.Result agent = Commands.run(command, temp, pod, Duration.ofSeconds(60));
                assertThat(agent.exit()).as(agent.output()).isZero();
                List<JsonNode> results = new ArrayList<>();
                for (String line : agent.output().lines().toList()) {
                    if (line.startsWith("{")) {
                        results.add(JSON.readTree(line));
                    }
                }
                int rate = index == 0 ? 51 : 50;
                assertThat(agent.output())
                    .contains("agent " + index + " of 2: " + rate + " req/s to " + pod.get("TARGET"));
                assertThat(results).as(agent.output())
                    .hasSize(2 * rate)
                    .allSatisfy(result -> assertThat(result.path("code").asInt()).isEqualTo(200));
                Path log = temp.resolve("agent-" + index + ".log");
                Files.writeString(log, agent.output());
                logs.add(log);
            }
        }
        finally {
            server.stop(0);
        }
        assertThat(tokens).hasSize(202).containsOnly("Bearer lab-token");

        // both pods' logs, agents' own lines and all, merged exactly
        List<String> union = new ArrayList<>(
                List.of("python3", ROOT.resolve("lab/bench/generators.py").toString(), "--union"));
        logs.forEach(log -> union.add(log.toString()));
        Commands.Result merged = Commands.run(union, temp, Duration.ofSeconds(60));
        assertThat(merged.exit()).as(merged.output()).isZero();
        assertThat(merged.output())
            .startsWith("union of 202 samples (0 not 2xx/3xx, 2 other lines left out): " + "p50/p99/p99.9 ");
    }

}
