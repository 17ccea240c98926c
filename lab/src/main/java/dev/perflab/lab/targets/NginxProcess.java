package dev.perflab.lab.targets;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.system.StopOnExit;

/**
 * The reference rung's nginx: started in the foreground as the runner's own child, from the config
 * kept in {@code lab/nginx/auth-request.conf}, and stopped with its workers by pid.
 */
public final class NginxProcess implements AutoCloseable {

    static final int PORT = 38074;

    private final Process process;
    private final StopOnExit onExit;

    private NginxProcess(Process process) {
        this.process = process;
        this.onExit = StopOnExit.register("nginx", this::stop);
    }

    public static NginxProcess start(Path template, Path prefix, int businessPort, int authPort, String token) {
        if (!Files.isRegularFile(template)) {
            throw new LabException("nginx config " + template + " is missing: run from the repository root");
        }
        Path conf = prefix.resolve("nginx.conf");
        Process process;
        try {
            for (String dir : List.of("body", "proxy", "fastcgi", "uwsgi", "scgi")) {
                Files.createDirectories(prefix.resolve("tmp").resolve(dir));
            }
            String text = Files.readString(template)
                .replace("@PREFIX@", prefix.toAbsolutePath().toString())
                .replace("@BUSINESS_PORT@", Integer.toString(businessPort))
                .replace("@AUTH_PORT@", Integer.toString(authPort))
                .replace("@PORT@", Integer.toString(PORT));
            Files.writeString(conf, text, StandardCharsets.UTF_8);
            process = new ProcessBuilder("nginx", "-p", prefix.toAbsolutePath().toString(), "-c", conf.toAbsolutePath().toString())
                .redirectErrorStream(true)
                .redirectOutput(prefix.resolve("nginx.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        }
        catch (IOException ex) {
            throw new LabException("cannot start nginx: " + ex.getMessage(), ex);
        }
        NginxProcess nginx = new NginxProcess(process);
        nginx.awaitServing(token, prefix);
        return nginx;
    }

    private void awaitServing(String token, Path prefix) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        URI probe = url();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new LabException("nginx exited at start (is port " + PORT + " free?); see " + prefix.resolve("nginx-error.log")
                        + " and " + prefix.resolve("nginx.log"));
            }
            try {
                if (LabHttp.get(probe, Map.of("Authorization", "Bearer " + token)).statusCode() == 200) {
                    return;
                }
            }
            catch (IOException notYet) {
                // not listening yet
            }
            try {
                Thread.sleep(200);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        close();
        throw new LabException("nginx did not route a request with the token within 20 s; see " + prefix.resolve("nginx-error.log"));
    }

    public static URI url() {
        return URI.create("http://127.0.0.1:" + PORT + "/service/hello");
    }

    /** The master and its workers, for the stats sampler. */
    public List<Long> pids() {
        return Stream.concat(Stream.of(process.pid()), process.descendants().map(ProcessHandle::pid)).toList();
    }

    @Override
    public void close() {
        stop();
        onExit.close();
    }

    private void stop() {
        List<ProcessHandle> workers = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
        catch (InterruptedException ex) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        workers.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
