package dev.perflab.lab.targets;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;
import dev.perflab.lab.http.LabHttp;
import dev.perflab.lab.system.Commands;
import dev.perflab.lab.system.Ports;
import dev.perflab.lab.system.ServiceLauncher;

/**
 * The reference rung's nginx: started in the foreground as the runner's own child, from
 * the config kept in {@code lab/nginx/auth-request.conf}, and stopped with its workers by
 * pid.
 */
public final class NginxProcess implements AutoCloseable {

    static final int PORT = 38074;

    /** The config of the nginx reference, without and with its auth answers cached. */
    public static Path template(Path root, boolean cached) {
        return root.resolve(cached ? "lab/nginx/auth-request-cached.conf" : "lab/nginx/auth-request.conf");
    }

    private final Commands.Child nginx;

    private NginxProcess(Commands.Child nginx) {
        this.nginx = nginx;
    }

    /**
     * The characters a folder's path may hold to be written into nginx's config unquoted:
     * nothing nginx reads as syntax (whitespace, ;, quotes, braces, $, #, \\).
     */
    static final String SAFE_PATH = "[A-Za-z0-9._/+@:,=~%-]+";

    public static NginxProcess start(Path template, Path prefix, int businessPort, int authPort, String token) {
        return start(template, prefix, PORT, businessPort, authPort, token);
    }

    /**
     * nginx from {@code template} on {@code port}, in front of the backend and
     * auth-service; returns once it routes a request with the token.
     */
    public static NginxProcess start(Path template, Path prefix, int port, int businessPort, int authPort,
            String token) {
        if (!Files.isRegularFile(template)) {
            throw new LabException("nginx config " + template + " is missing: run from the repository root");
        }
        String folder = prefix.toAbsolutePath().toString();
        if (!folder.matches(SAFE_PATH)) {
            throw new LabException(
                    "nginx cannot run in " + folder + ": its config would read a space, ;, quote, brace, "
                            + "$ or # in that path as syntax; run the lab from a folder whose path has none");
        }
        Ports.requireFree(port, "nginx");
        Path conf = prefix.resolve("nginx.conf");
        try {
            for (String dir : List.of("body", "proxy", "fastcgi", "uwsgi", "scgi", "auth-cache")) {
                Files.createDirectories(prefix.resolve("tmp").resolve(dir));
            }
            String text = Files.readString(template)
                .replace("@PREFIX@", folder)
                .replace("@BUSINESS_PORT@", Integer.toString(businessPort))
                .replace("@AUTH_PORT@", Integer.toString(authPort))
                .replace("@PORT@", Integer.toString(port))
                .replace("@USER@", System.getProperty("user.name"));
            Files.writeString(conf, text, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new LabException("cannot start nginx: " + ex.getMessage(), ex);
        }
        // TERM, not KILL, when the runner dies: the master then stops its workers, which
        // a KILLed master leaves serving
        Commands.Child child = Commands
            .launch("nginx",
                    List.of("nginx", "-p", prefix.toAbsolutePath().toString(), "-c", conf.toAbsolutePath().toString()))
            .output(prefix.resolve("nginx.log"))
            .onRunnerDeath("TERM")
            .start();
        try {
            ServiceLauncher.awaitReady(child, Duration.ofSeconds(20),
                    () -> LabHttp.get(url(port), Map.of("Authorization", "Bearer " + token)).statusCode() == 200,
                    () -> "nginx exited at start (is port " + port + " free?); see " + prefix.resolve("nginx-error.log")
                            + " and " + prefix.resolve("nginx.log"),
                    "nginx did not route a request with the token within 20 s; see "
                            + prefix.resolve("nginx-error.log"));
        }
        catch (LabException ex) {
            child.close();
            throw new LabException(ex.getMessage() + lastLine(prefix.resolve("nginx-error.log")), ex);
        }
        return new NginxProcess(child);
    }

    /** The error log's last line, as "; it ends: ...", or nothing when there is none. */
    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "" : "; it ends: " + lines.get(lines.size() - 1);
        }
        catch (IOException ex) {
            return "";
        }
    }

    public static URI url() {
        return url(PORT);
    }

    static URI url(int port) {
        return URI.create("http://127.0.0.1:" + port + "/service/hello");
    }

    /** The master's pid. */
    public long pid() {
        return nginx.process().pid();
    }

    /** The master and its workers, for the stats sampler. */
    public List<Long> pids() {
        Process process = nginx.process();
        return Stream.concat(Stream.of(process.pid()), process.descendants().map(ProcessHandle::pid)).toList();
    }

    @Override
    public void close() {
        nginx.close();
    }

}
