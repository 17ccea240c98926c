package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import dev.perflab.lab.LabException;

/**
 * The apps of a paired run on RUNTIME=compose: each a container of the lab's compose
 * image on the host's network, on a port of its own (Compose's files give each service
 * one fixed port and container name, and a pair runs two gateways at once). No network is
 * created and no image pulled. Each container carries the labels of the lab's compose
 * project and a run's owner, so the leftover clean-up of {@link Compose} removes what a
 * killed run left; its {@code docker run} runs in the foreground, so its output is the
 * app's log and a TERM to it stops the container, which removes itself.
 */
public final class HostContainers {

    /**
     * Docker's own name, for the one command each container is started and removed by.
     */
    private static final String DOCKER = "docker";

    /**
     * The lab's compose limits per service (GATEWAY_CPUS ...), as the compose files apply
     * them.
     */
    private final Map<String, String> limits;

    private HostContainers(Map<String, String> limits) {
        this.limits = limits;
    }

    /**
     * The engine answers, else one line; the limits from the environment, as Compose
     * reads them.
     */
    public static HostContainers detect() {
        if (!Commands.run(List.of(DOCKER, "info"), null, Duration.ofSeconds(60)).ok()) {
            throw new LabException("RUNTIME=compose: no Docker engine answers (docker info failed): start Docker, "
                    + "or check DOCKER_HOST and that you may use its socket");
        }
        return new HostContainers(Compose.limits(System.getenv()));
    }

    /** The container of an app on a port: perflab-gateway-41234. */
    public static String name(Service service, int port) {
        return "perflab-" + service.id() + "-" + port;
    }

    /**
     * Starts the app of {@code spec} as a container on its port, without waiting; the
     * image must exist. A foreign gateway here is an image (GATEWAY_IMAGE), never a jar.
     */
    public RunningService start(LaunchSpec spec, Path logDir) {
        Service service = spec.service();
        String image = spec.isForeign() ? spec.foreign().image() : Compose.image(service);
        if (!Commands.run(List.of(DOCKER, "image", "inspect", image), null, Duration.ofSeconds(60)).ok()) {
            throw new LabException("RUNTIME=compose: there is no image " + image + (spec.isForeign()
                    ? " (docker pull or docker build it first)" : ": build the images with make images"));
        }
        Ports.requireFree(spec.port(), service.toString());
        String name = name(service, spec.port());
        remove(name);
        String prefix = service.id().toUpperCase(java.util.Locale.ROOT).replace("-SERVICE", "");
        List<String> args = new ArrayList<>(List.of(DOCKER, "run", "--rm", "--pull", "never", "--network", "host",
                "--name", name, "--label", "com.docker.compose.project=" + Compose.PROJECT, "--label",
                "com.docker.compose.service=" + service.id(), "--label",
                Compose.OWNER_LABEL + "=" + Compose.owner(false), "--cpus", limits.get(prefix + "_CPUS"), "--memory",
                limits.get(prefix + "_MEMORY")));
        Map<String, String> env = new java.util.LinkedHashMap<>(Compose.environment(spec));
        env.put("SPRING_PROFILES_ACTIVE", env.remove("GATEWAY_PROFILES"));
        env.remove("GATEWAY_IMAGE");
        if (service != Service.GATEWAY) {
            env.remove("SPRING_PROFILES_ACTIVE");
        }
        env.put("SERVER_ADDRESS", "127.0.0.1");
        env.put("SERVER_PORT", Integer.toString(spec.port()));
        env.forEach((variable, value) -> args.addAll(List.of("--env", variable + "=" + value)));
        args.add(image);
        if (spec.isForeign()) {
            // a foreign gateway may set server.port in its own application.yml
            args.addAll(List.of("--server.port=" + spec.port(), "--server.address=127.0.0.1"));
        }
        Path log = logDir.resolve(service.id() + ".log");
        try {
            Files.createDirectories(logDir);
        }
        catch (IOException ex) {
            throw new LabException("cannot create the log folder " + logDir + ": " + ex.getMessage(), ex);
        }
        return new RunningService(spec, Commands.launch(name, args).output(log).onRunnerDeath("TERM").start(), log);
    }

    /**
     * The pid, as this machine sees it, of a running container's main process (its JVM).
     */
    public static long pid(String container) {
        Commands.Result result = Commands.run(List.of(DOCKER, "inspect", "--format", "{{.State.Pid}}", container), null,
                Duration.ofSeconds(60));
        try {
            long pid = Long.parseLong(result.firstLine().strip());
            if (pid > 0) {
                return pid;
            }
        }
        catch (NumberFormatException ex) {
            // said below
        }
        throw new LabException("cannot find the process of the container " + container + " (docker inspect said: "
                + result.lastLine() + ")");
    }

    /**
     * The CPU nanoseconds the cgroup of a process has used so far: its container's, every
     * process in it ({@code cpu.stat}'s usage_usec on cgroup v2, {@code cpuacct.usage} on
     * v1); empty once the process is gone.
     */
    public static OptionalLong cgroupCpuNanos(long pid) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"));
        }
        catch (IOException ex) {
            return OptionalLong.empty();
        }
        for (String line : lines) {
            String[] fields = line.split(":", 3);
            if (fields.length < 3) {
                continue;
            }
            try {
                if (fields[0].equals("0") && fields[1].isEmpty()) {
                    Path stat = Path.of("/sys/fs/cgroup" + fields[2], "cpu.stat");
                    if (Files.isReadable(stat)) {
                        return usageMicros(Files.readAllLines(stat)).stream()
                            .mapToLong(micros -> micros * 1000)
                            .findFirst();
                    }
                }
                else if (List.of(fields[1].split(",")).contains("cpuacct")) {
                    Path usage = Path.of("/sys/fs/cgroup/" + fields[1] + fields[2], "cpuacct.usage");
                    Path joined = Path.of("/sys/fs/cgroup/cpuacct" + fields[2], "cpuacct.usage");
                    Path file = Files.isReadable(usage) ? usage : joined;
                    return OptionalLong.of(Long.parseLong(Files.readString(file).strip()));
                }
            }
            catch (IOException | NumberFormatException ex) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    static List<Long> usageMicros(List<String> cpuStat) {
        return cpuStat.stream()
            .filter(line -> line.startsWith("usage_usec "))
            .map(line -> Long.parseLong(line.substring("usage_usec ".length()).strip()))
            .toList();
    }

    /** Removes a container of this name, if there is one. */
    public static void remove(String container) {
        Commands.run(List.of(DOCKER, "rm", "--force", container), null, Duration.ofSeconds(120));
    }

    /**
     * The names of the lab's containers that run or exist now, for a check that none is
     * left.
     */
    public static List<String> existing() {
        Commands.Result listed = Commands.run(List.of(DOCKER, "ps", "--all", "--filter",
                "label=com.docker.compose.project=" + Compose.PROJECT, "--format", "{{.Names}}"), null,
                Duration.ofSeconds(60));
        return listed.output().lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
    }

}
