package dev.perflab.lab.load;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;
import java.util.LinkedHashMap;

/**
 * The open-model load generator: vegeta at a constant arrival rate, whatever the answers
 * take (it starts another worker, and opens another connection, rather than wait). Every
 * latency counts from the request's intended send time ({@link VegetaResults}), so a
 * stall shows in full instead of holding back the requests that would have seen it.
 * vegeta is installed into {@code tools/} on first use ({@link VegetaInstaller}); it runs
 * as its own process, whose CPU can be sampled by pid.
 */
public final class VegetaGenerator implements LoadGenerator {

    private final Path root;

    private final Load load;

    private final PrintWriter out;

    private final List<String> placement;

    private final List<LoadAgent> agents;

    private Path keep;

    /**
     * Beyond the attack's duration and timeout, how long an attack may take to write its
     * results and end.
     */
    static final Duration ATTACK_GRACE = Duration.ofSeconds(30);
    static final Duration REPORT_LIMIT = Duration.ofMinutes(5);

    /**
     * @param root the repository, whose {@code tools/} folder holds vegeta
     * @param out where the one-time installation says what it does
     */
    public VegetaGenerator(Path root, Load load, PrintWriter out) {
        this(root, load, out, List.of());
    }

    /**
     * @param placement what goes before the attack's command: taskset with the
     * generator's cores, or nothing (see Placement)
     */
    public VegetaGenerator(Path root, Load load, PrintWriter out, List<String> placement) {
        this(root, load, out, placement, List.of());
    }

    /**
     * @param agents the hosts that offer the load together, rate/N each
     * ({@link LoadAgent#check}); none: one vegeta on this machine, with no source address
     * of its own
     */
    public VegetaGenerator(Path root, Load load, PrintWriter out, List<String> placement, List<LoadAgent> agents) {
        this.root = root;
        this.load = load;
        this.out = out;
        this.placement = List.copyOf(placement);
        this.agents = List.copyOf(agents);
        if (!this.agents.isEmpty()) {
            LoadAgent.split(load.rate(), this.agents.size());
        }
    }

    /**
     * Leaves every agent's binary results ({@code agent-N.bin}, vegeta's own format) in
     * {@code dir} after each offer.
     */
    public VegetaGenerator keepingResults(Path dir) {
        keep = dir;
        return this;
    }

    /**
     * @param rate requests per second, sent at even intervals; 0 for the closed loop
     * @param maxConnections the most connections vegeta opens; 0 for no limit (the open
     * model: a stall never holds a request back)
     * @param timeout a request without an answer by then counts as an error
     * @param workers for the closed loop (rate 0): the requests in flight, each sent when
     * the one before it is answered; 0 for the open model
     */
    public record Load(int rate, int maxConnections, Duration timeout, int workers) {

        public Load {
            if (rate < 1 && !(rate == 0 && workers > 0)) {
                throw new LabException("the offered rate must be at least 1 request per second, got " + rate);
            }
            if (rate > 0 && workers != 0) {
                throw new LabException("a fixed rate takes no closed-loop workers, got " + workers);
            }
            if (maxConnections < 0) {
                throw new LabException("the connection limit must be 0 (none) or more, got " + maxConnections);
            }
            if (timeout.toMillis() < 1000) {
                throw new LabException("the request timeout must be at least 1s, got " + timeout.toMillis() + " ms");
            }
        }

        /** The open model at {@code rate}. */
        public Load(int rate, int maxConnections, Duration timeout) {
            this(rate, maxConnections, timeout, 0);
        }

        /**
         * The closed loop: {@code workers} requests in flight, as fast as they are
         * answered.
         */
        public static Load closedLoop(int workers, int maxConnections, Duration timeout) {
            return new Load(0, maxConnections, timeout, workers);
        }

        public boolean closed() {
            return rate == 0;
        }
    }

    @Override
    public String version() {
        return "vegeta " + VegetaInstaller.VERSION + (agents.size() > 1 ? ", " + agents.size() + " agents" : "");
    }

    @Override
    public String describe() {
        return "vegeta attack "
                + (load.closed() ? "-rate=0 -workers=" + load.workers() + " (closed loop)"
                        : "-rate=" + load.rate() + "/s")
                + (load.maxConnections() > 0 ? " -max-connections=" + load.maxConnections() : "") + " -timeout="
                + load.timeout().toSeconds() + "s, latency from the intended send time"
                + (agents.isEmpty() ? "" : ", from " + agents.size() + (agents.size() == 1 ? " agent (" : " agents (")
                        + String.join(", ", agents.stream().map(LoadAgent::host).toList()) + ")");
    }

    @Override
    public LoadResult offer(URI url, String token, Duration duration) {
        return measure(url, token, duration).result();
    }

    /**
     * Offers {@code load.rate()} requests per second for {@code duration}, from every
     * agent at once (rate/N each); returns the merged result with the rates and each
     * agent's requests.
     */
    public OpenModelResult measure(URI url, String token, Duration duration) {
        checkReachable(url);
        Path vegeta = VegetaInstaller.ensure(root, out);
        Path dir = VegetaFiles.resultsFolder();
        try {
            Path target = dir.resolve("target.txt");
            Files.writeString(target, target(url, token), StandardCharsets.UTF_8);
            int[] rates = LoadAgent.split(load.rate(), Math.max(1, agents.size()));
            List<Path> results = new ArrayList<>();
            for (int i = 0; i < rates.length; i++) {
                results.add(dir.resolve("agent-" + (i + 1) + ".bin"));
            }
            attack(vegeta, rates, duration, target, results, dir);
            List<String> files = results.stream().map(Path::toString).toList();
            String report = VegetaFiles.run(vegeta, "report", List.of("-type=text"), files);
            String summary = VegetaFiles.run(vegeta, "report", List.of("-type=json"), files).strip();
            List<VegetaResults.Parsed> parsed = new ArrayList<>();
            for (int i = 0; i < rates.length; i++) {
                parsed.add(encodeAndParse(vegeta, results.get(i), rates[i], dir.resolve("agent-" + (i + 1) + ".json")));
            }
            if (keep != null) {
                keepResults(results);
            }
            return merged(parsed, report, summary);
        }
        catch (IOException ex) {
            throw new LabException("cannot write vegeta's target: " + ex.getMessage(), ex);
        }
        finally {
            VegetaFiles.delete(dir);
        }
    }

    /**
     * Offers {@code load.rate()} requests per second round-robin to {@code urls}, so each
     * URL gets rate/N at the same moments as the others; returns each URL's requests
     * apart (in the order given), every latency from the intended send time of their
     * shared schedule. A paired comparison offers both sides their load this way. With
     * agents, each agent runs that same round-robin at its share of the rate
     * ({@link EachTarget}), and each URL's results are the agents' merged.
     */
    public LinkedHashMap<URI, LoadResult> offerEach(List<URI> urls, String header, Duration duration) {
        return EachTarget.offer(this, urls, header, duration);
    }

    Path root() {
        return root;
    }

    Load load() {
        return load;
    }

    PrintWriter out() {
        return out;
    }

    List<LoadAgent> agents() {
        return agents;
    }

    /**
     * Every agent's requests as one result: histograms merged, so each percentile is that
     * of all the requests together; sent and achieved rates added; with one agent and no
     * agents listed, today's single-generator result.
     */
    private OpenModelResult merged(List<VegetaResults.Parsed> parsed, String report, String summary) {
        List<LoadResult> parts = parsed.stream()
            .map(p -> new LoadResult(p.requests(), p.scheduleMicros(), p.errors(), p.socketErrors(), p.successes(),
                    p.latency(), p.histogram(), report, summary))
            .toList();
        LoadResult result = agents.isEmpty() ? parts.get(0) : LoadResult.together(parts, report, summary);
        return new OpenModelResult(result, load.rate(),
                parsed.stream().mapToDouble(VegetaResults.Parsed::sentRps).sum(),
                parsed.stream().mapToDouble(VegetaResults.Parsed::achievedRps).sum(),
                parsed.stream().mapToLong(VegetaResults.Parsed::maxLatenessMicros).max().orElse(0));
    }

    /**
     * A remote agent sends to the URL as given: to a loopback URL that would be its own
     * machine, not the one the user configured.
     */
    void checkReachable(URI url) {
        boolean loopbackTarget;
        try {
            loopbackTarget = InetAddress.getByName(url.getHost()).isLoopbackAddress();
        }
        catch (UnknownHostException ex) {
            throw new LabException("the target's host " + url.getHost() + " has no address");
        }
        agents.stream().filter(agent -> !agent.local()).findFirst().filter(agent -> loopbackTarget).ifPresent(agent -> {
            throw new LabException("agent host " + agent.host() + " (ssh) cannot send to " + url
                    + ": that is this machine's loopback, " + "which on " + agent.host()
                    + " would be its own; use loopback agent hosts, or a target the agent hosts reach");
        });
    }

    /**
     * The command of one agent's attack at {@code rate}; the target, with its bearer
     * token, goes to vegeta's standard input.
     */
    List<String> attackCommand(Path vegeta, LoadAgent agent, int rate, Duration duration, Path results) {
        List<String> command = new ArrayList<>();
        if (agent != null && !agent.local()) {
            command.addAll(agent.ssh());
            command.add("vegeta");
        }
        else {
            command.addAll(placement);
            command.add(vegeta.toString());
        }
        command.addAll(List.of("attack", "-rate=" + rate + "/1s", "-duration=" + duration.toMillis() + "ms",
                "-timeout=" + load.timeout().toMillis() + "ms", "-max-body=0"));
        if (load.closed()) {
            // exactly this many workers, each sending its next request when its last is
            // answered
            command.addAll(List.of("-workers=" + load.workers(), "-max-workers=" + load.workers()));
        }
        if (agent == null || agent.local()) {
            command.add("-output=" + results);
        }
        if (agent != null && agent.local()) {
            command.add("-laddr=" + agent.address());
        }
        if (load.maxConnections() > 0) {
            command.add("-max-connections=" + load.maxConnections());
        }
        return command;
    }

    /** vegeta's HTTP target format (see {@link VegetaFiles#target}). */
    static String target(URI url, String header) {
        return VegetaFiles.target(url, header);
    }

    /**
     * Starts every agent's attack from this thread, one after the other (milliseconds
     * apart; the thread outlives them, as --pdeathsig needs), then waits for all: a local
     * vegeta writes its results file, an ssh agent's results arrive on ssh's standard
     * output.
     */
    void attack(Path vegeta, int[] rates, Duration duration, Path target, List<Path> results, Path dir) {
        List<Commands.Child> children = new ArrayList<>();
        List<Path> errors = new ArrayList<>();
        try {
            for (int i = 0; i < rates.length; i++) {
                LoadAgent agent = agents.isEmpty() ? null : agents.get(i);
                Path err = dir.resolve("agent-" + (i + 1) + ".err");
                errors.add(err);
                Commands.Launch launch = Commands
                    .launch(agents.size() > 1 ? "vegeta-agent-" + (i + 1) : "vegeta",
                            attackCommand(vegeta, agent, rates[i], duration, results.get(i)))
                    .input(target);
                if (agent != null && !agent.local()) {
                    launch.output(results.get(i)).errors(err);
                }
                else {
                    launch.output(err);
                }
                children.add(launch.start());
            }
            long deadline = System.nanoTime() + duration.plus(load.timeout()).plus(ATTACK_GRACE).toNanos();
            for (int i = 0; i < children.size(); i++) {
                Process process = children.get(i).process();
                if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    throw new LabException(who(i) + " did not end within "
                            + duration.plus(load.timeout()).plus(ATTACK_GRACE).toSeconds() + " s");
                }
                if (process.exitValue() != 0) {
                    throw new LabException(who(i) + " exited with " + process.exitValue() + ": "
                            + VegetaFiles.lastLine(errors.get(i)));
                }
            }
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while vegeta ran");
        }
        finally {
            children.forEach(child -> child.stop(Duration.ZERO));
        }
    }

    private String who(int agent) {
        return agents.isEmpty() ? "vegeta attack"
                : "vegeta attack of agent " + (agent + 1) + " (" + agents.get(agent).host() + ")";
    }

    private VegetaResults.Parsed encodeAndParse(Path vegeta, Path results, int rate, Path json) {
        VegetaFiles.run(vegeta, "encode", List.of("-to=json", "-output=" + json), List.of(results.toString()));
        try (Reader reader = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
            return VegetaResults.parse(reader, rate);
        }
        catch (IOException ex) {
            throw new LabException("cannot read vegeta's results: " + ex.getMessage(), ex);
        }
    }

    /**
     * Copies the agents' binary results (what {@code vegeta report} and {@code encode}
     * read) into {@link #keep}.
     */
    private void keepResults(List<Path> results) throws IOException {
        Files.createDirectories(keep);
        for (Path file : results) {
            Files.copy(file, keep.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
    }

}
