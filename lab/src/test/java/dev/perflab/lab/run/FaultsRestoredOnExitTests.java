package dev.perflab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * FAULTS posted to an auth-service are undone when the runner is stopped mid-window
 * (Ctrl-C or SIGTERM), not only when the window ends: on a system the lab did not start
 * nobody else would undo them. A real child JVM runs a schedule against a stand-in for
 * auth-service's /admin/fault and is sent SIGTERM while the fault is in force.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class FaultsRestoredOnExitTests {

    @TempDir
    Path dir;

    @Test
    void sigtermMidWindowRestoresTheSettingsInForceBefore() throws Exception {
        List<String> posts = new CopyOnWriteArrayList<>();
        HttpServer admin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        admin.createContext("/admin/fault", exchange -> {
            byte[] body = "GET".equals(exchange.getRequestMethod())
                    ? "{\"latency\":\"1ms\",\"errorRate\":0.0}".getBytes(StandardCharsets.UTF_8)
                    : "ok".getBytes(StandardCharsets.UTF_8);
            if ("POST".equals(exchange.getRequestMethod())) {
                posts.add(exchange.getRequestURI().getQuery());
            }
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        admin.start();
        try {
            Path log = dir.resolve("faults.log");
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), FaultsChild.class.getName(),
                    "http://127.0.0.1:" + admin.getAddress().getPort(), log.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile())
                .start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!posts.contains("latency=20ms") && System.nanoTime() < deadline && child.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(posts).as(Files.readString(dir.resolve("child.out"))).containsExactly("latency=20ms");

            child.destroy(); // SIGTERM, as Ctrl-C's shutdown does
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

            assertThat(posts).as("the fault, then the settings before it")
                .containsExactly("latency=20ms", "latency=1ms&errorRate=0.0");
            assertThat(Files.readString(log)).contains("on exit, restored");
        }
        finally {
            admin.stop(0);
        }
    }

    /**
     * The runner's part in the child: a window whose fault starts at once and which never
     * ends by itself.
     */
    public static final class FaultsChild {

        public static void main(String[] args) throws IOException, InterruptedException {
            FaultSchedule.Running running = FaultSchedule.parse("0s:latency=20ms")
                .start(URI.create(args[0]), Path.of(args[1]), new PrintWriter(System.out, true));
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
            running.close();
        }

    }

}
