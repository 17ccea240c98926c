package dev.perflab.lab.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;

import dev.perflab.lab.LabException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The compose runtime: Docker Compose (v2 as {@code docker compose}, else Debian's v1
 * {@code docker-compose} with {@code --compatibility} so the CPU and memory limits apply)
 * with the repository's compose files. Each service runs in the foreground of its own
 * {@code up} process, so the launcher treats it like a local JVM: its output is the
 * service's log, and stopping that process stops the container. {@code docker} is the
 * Docker command the runtime lists, inspects and removes containers with.
 */
public record Compose(Path root, List<Path> files, List<String> command, String docker) {

    public static final String PROJECT = "perflab";

    /** Limits the compose file applies, with its defaults: what run.json records. */
    private static final List<Map.Entry<String, String>> LIMITS = List.of(Map.entry("GATEWAY_CPUS", "2"),
            Map.entry("GATEWAY_MEMORY", "2g"), Map.entry("BUSINESS_CPUS", "1"), Map.entry("BUSINESS_MEMORY", "2g"),
            Map.entry("AUTH_CPUS", "1"), Map.entry("AUTH_MEMORY", "2g"));

    /**
     * Finds Docker Compose and checks the files; a one-line error when either is missing.
     */
    public static Compose detect(Path root, List<String> fileNames) {
        List<Path> files = new ArrayList<>();
        for (String name : fileNames) {
            Path file = root.resolve(name.trim());
            if (!Files.isRegularFile(file)) {
                throw new LabException(
                        "compose file " + file + " is missing (COMPOSE_FILES=" + String.join(",", fileNames) + ")");
            }
            files.add(file);
        }
        List<String> command;
        if (succeeds(List.of("docker", "compose", "version"))) {
            command = List.of("docker", "compose");
        }
        else if (succeeds(List.of("docker-compose", "version"))) {
            command = List.of("docker-compose", "--compatibility");
        }
        else {
            throw new LabException(
                    "RUNTIME=compose needs Docker Compose: install Docker (https://docs.docker.com/engine/install/) "
                            + "or, on Debian, sudo apt-get install docker.io docker-compose");
        }
        if (!succeeds(List.of("docker", "info"))) {
            throw new LabException("RUNTIME=compose: no Docker engine answers (docker info failed): start Docker, "
                    + "or check DOCKER_HOST and that you may use its socket");
        }
        return new Compose(root, files, command, "docker");
    }

    /** The compose command with the project and the files, ready for a subcommand. */
    public List<String> base() {
        List<String> base = new ArrayList<>(command);
        base.addAll(List.of("-p", PROJECT));
        for (Path file : files) {
            base.add("-f");
            base.add(file.toString());
        }
        return base;
    }

    /**
     * Whether a service shares the host's network in the chosen files, as Compose itself
     * merges them ({@code config}): only there can a container's port listen on the
     * host's loopback alone.
     */
    public boolean onHostNetwork(Service service) {
        List<String> config = base();
        config.add("config");
        Commands.Result result = Commands.run(config, root, Duration.ofSeconds(60));
        if (!result.ok()) {
            throw new LabException(
                    "cannot read the compose files (" + String.join(" ", config) + "): " + result.lastLine());
        }
        try {
            // the warnings compose prints on stderr (v1 "WARNING: ...", v2 time="..."
            // level=warning) are not YAML
            String yaml = String.join("\n",
                    result.output()
                        .lines()
                        .filter(line -> !line.startsWith("WARNING") && !line.startsWith("time="))
                        .toList());
            JsonNode merged = YAMLMapper.builder().build().readTree(yaml);
            return merged.path("services").path(service.id()).path("network_mode").asString("").equals("host");
        }
        catch (JacksonException ex) {
            throw new LabException("compose config printed no YAML: " + ex.getOriginalMessage());
        }
    }

    /** The image a service runs, as named in docker-compose.yml. */
    public static String image(Service service) {
        return "perflab/" + service.id() + ":local";
    }

    /**
     * Makes ready for the {@code up} of every service of a start, before the first: each
     * image is there, and what earlier runs left of their containers is removed. Not
     * between the {@code up}s: Compose v1 lists the project's containers as it starts and
     * inspects each, and fails with "No such container" when one is removed meanwhile
     * (seen in CI: a gateway's leftover removed while auth-service's {@code up} began).
     */
    void prepare(List<LaunchSpec> specs) {
        specs.forEach(this::requireImage);
        removeLeftovers(specs.stream().map(LaunchSpec::service).toList());
    }

    void requireImage(LaunchSpec spec) {
        if (spec.isForeign()) {
            if (!succeeds(List.of(docker, "image", "inspect", spec.foreign().image()))) {
                throw new LabException("GATEWAY_IMAGE=" + spec.foreign().image()
                        + ": no such image here (docker pull or docker build it first)");
            }
            return;
        }
        if (!succeeds(List.of(docker, "image", "inspect", image(spec.service())))) {
            throw new LabException("RUNTIME=compose: there is no image " + image(spec.service())
                    + ": build the images with make images");
        }
    }

    /** The label each app container carries: who started it ({@link #owner}). */
    static final String OWNER_LABEL = "dev.perflab.owner";

    /** The owner label of containers {@code make up} leaves running on purpose. */
    static final String MAKE_UP = "make-up";

    /**
     * The owner label of a container this process starts: {@link #MAKE_UP} for what
     * outlives it, else its pid and start time.
     */
    static String owner(boolean outlivesRunner) {
        ProcessHandle self = ProcessHandle.current();
        return outlivesRunner ? MAKE_UP
                : self.pid() + ":" + self.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
    }

    /**
     * Whether a lab container is a leftover to remove: one that is not running, unless
     * another live run owns it (it may have just created it: "Created" is not "Up"), or
     * one whose owner, a lab run, has ended. A running container of {@code make up}, of a
     * live run (another user's, or a run on another checkout) or without an owner
     * (started by hand with docker compose) is left alone: if it is in the way, the port
     * it holds says so in one line.
     */
    static boolean isLeftover(String status, String owner) {
        String[] parts = owner.strip().split(":");
        if (!status.startsWith("Up")) {
            return parts.length != 2 || owner.strip().equals(owner(false)) || !liveRun(parts);
        }
        return parts.length == 2 && !liveRun(parts);
    }

    /** Whether "pid:start" names a process that runs and started then. */
    private static boolean liveRun(String[] parts) {
        try {
            long pid = Long.parseLong(parts[0]);
            long started = Long.parseLong(parts[1]);
            return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().startInstant().map(Instant::toEpochMilli).orElse(-1L) == started)
                .isPresent();
        }
        catch (NumberFormatException ex) {
            // not a run's label: as if its run were gone for a stopped container, kept if
            // running
            return false;
        }
    }

    /**
     * Removes the app containers an earlier run left behind, found by the lab's own
     * compose project label so no other container is touched, and returns one line naming
     * each.
     */
    public List<String> removeLeftovers(List<Service> services) {
        return remove(services, Compose::isLeftover, "left by an earlier compose run");
    }

    /**
     * Removes the app containers this process started ({@link #owner}), stopped or not: a
     * stopped {@code up} stops its container but leaves it, so every end of a run (done,
     * failed, Ctrl-C) and {@code make down} remove theirs with this once their
     * {@code up}s are stopped. Returns one line naming each.
     */
    public List<String> removeOwn(List<Service> services, boolean outlivesRunner) {
        String owner = owner(outlivesRunner);
        return remove(services, (status, label) -> label.strip().equals(owner), "started by this run");
    }

    /**
     * The lab's {@code docker}, without the compose files: enough to remove the lab's
     * containers ({@code make down}).
     */
    public static Compose engine() {
        return new Compose(Path.of("."), List.of(), List.of(), "docker");
    }

    /**
     * Whether a recorded command is the {@code up} of one of the lab's compose services
     * ({@link #up}).
     */
    public static boolean isUp(String command) {
        return command.contains(" -p " + PROJECT + " ") && command.contains(" up --no-deps ");
    }

    /**
     * Removes the lab's containers of {@code services} whose status and owner label
     * {@code which} accepts.
     */
    private List<String> remove(List<Service> services, BiPredicate<String, String> which, String why) {
        List<String> ps = List.of(docker, "ps", "--all", "--filter", "label=com.docker.compose.project=" + PROJECT,
                "--format", "{{.Names}}\t{{.Label \"com.docker.compose.service\"}}\t{{.Status}}\t{{.Label \""
                        + OWNER_LABEL + "\"}}");
        Commands.Result listed = runDocker(ps, Duration.ofSeconds(60));
        if (!listed.ok()) {
            throw new LabException(
                    "cannot list the lab's containers (" + String.join(" ", ps) + "): " + listed.lastLine());
        }
        List<String> removed = new ArrayList<>();
        for (String line : listed.output().lines().toList()) {
            String[] fields = line.split("\t");
            if (fields.length < 3 || services.stream().noneMatch(service -> service.id().equals(fields[1]))
                    || !which.test(fields[2], fields.length > 3 ? fields[3] : "")) {
                continue;
            }
            List<String> rm = List.of(docker, "rm", "--force", fields[0]);
            Commands.Result result = runDocker(rm, Duration.ofSeconds(120));
            if (result.exit() == Commands.Result.TIMED_OUT) {
                throw new LabException(
                        "removing the " + fields[1] + " container took over 120 s: is the Docker engine healthy?");
            }
            if (!result.ok()) {
                throw new LabException(
                        "cannot remove the " + fields[1] + " container " + fields[0] + ": " + result.lastLine());
            }
            removed.add("removed container " + fields[0] + " (" + fields[1] + ", " + fields[2] + "), " + why);
        }
        return removed;
    }

    /**
     * Runs a docker command through {@link Commands}; while the JVM exits (Ctrl-C), when
     * {@link Commands} starts no child any more, directly, its output in a file of its
     * own.
     */
    private static Commands.Result runDocker(List<String> command, Duration limit) {
        if (!StopOnExit.exiting()) {
            return Commands.run(command, null, limit);
        }
        Path output = null;
        try {
            output = CommandOutputs.create();
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
            process.getOutputStream().close();
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return new Commands.Result(Commands.Result.TIMED_OUT, Files.readString(output));
            }
            return new Commands.Result(process.exitValue(), Files.readString(output));
        }
        catch (IOException ex) {
            return new Commands.Result(Commands.Result.NOT_RUN, String.valueOf(ex.getMessage()));
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return new Commands.Result(Commands.Result.NOT_RUN, "interrupted");
        }
        finally {
            CommandOutputs.delete(output);
        }
    }

    /**
     * The foreground {@code up} of one service, with the variables the compose files
     * read. Should the runner die, compose gets SIGTERM and stops the container itself.
     * Without Compose's scan for orphans: it inspects every container of the project, and
     * fails the {@code up} with "No such container" when another service's container is
     * being created or removed meanwhile, as the {@code up}s of one start run side by
     * side (the runner removes leftovers itself, {@link #prepare}).
     */
    Commands.Launch up(LaunchSpec spec, boolean outlivesRunner) {
        List<String> args = base();
        args.addAll(List.of("up", "--no-deps", "--no-build", "--no-color", spec.service().id()));
        Map<String, String> env = environment(spec);
        env.put("LAB_OWNER", owner(outlivesRunner));
        env.put("COMPOSE_IGNORE_ORPHANS", "true");
        return Commands.launch(spec.service().id(), args).dir(root).onRunnerDeath("TERM").env(env);
    }

    /**
     * The variables docker-compose.yml reads for one service: a foreign gateway's image
     * ({@code GATEWAY_IMAGE}) and profiles (Spring's {@code default} when none: the lab's
     * own {@code reactive} means nothing to it).
     */
    public static Map<String, String> environment(LaunchSpec spec) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JAVA_OPTS", String.join(" ", spec.effectiveJvmOptions()));
        env.put("GATEWAY_PROFILES", spec.profiles().isEmpty() ? (spec.isForeign() ? "default" : "reactive")
                : String.join(",", spec.profiles()));
        if (spec.isForeign()) {
            env.put("GATEWAY_IMAGE", spec.foreign().image());
        }
        env.putAll(spec.environment());
        return env;
    }

    /**
     * The pid, as this machine sees it, of the main process of a service's container (its
     * JVM).
     */
    public static long containerPid(Service service) {
        String pid = firstLine(List.of("docker", "inspect", "--format", "{{.State.Pid}}", service.id()));
        try {
            long value = Long.parseLong(pid);
            if (value <= 0) {
                throw new NumberFormatException();
            }
            return value;
        }
        catch (NumberFormatException ex) {
            throw new LabException(
                    "cannot find the " + service + " container's process (docker inspect said: " + pid + ")");
        }
    }

    /** The compose version line, for run.json. */
    public String version() {
        List<String> args = new ArrayList<>(command);
        args.add("version");
        return firstLine(args);
    }

    /**
     * The limits in effect: the environment's overrides, else the compose file's
     * defaults.
     */
    public static Map<String, String> limits(Map<String, String> env) {
        Map<String, String> limits = new LinkedHashMap<>();
        LIMITS.forEach(limit -> limits.put(limit.getKey(), env.getOrDefault(limit.getKey(), limit.getValue())));
        return limits;
    }

    private static boolean succeeds(List<String> command) {
        return Commands.run(command, null, Duration.ofSeconds(60)).ok();
    }

    private static String firstLine(List<String> command) {
        Commands.Result result = Commands.run(command, null, Duration.ofSeconds(60));
        return result.exit() == Commands.Result.NOT_RUN ? "unknown" : result.firstLine();
    }
}
