package dev.perflab.lab.stats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.system.Commands;
import tools.jackson.databind.json.JsonMapper;
import java.util.HashMap;
import java.util.Map;

/**
 * The compose runtime's stats: {@code docker stats} itself, streaming one JSON object per
 * container and round; each is read once into raw numbers ({@link StatsLine#fromDocker}),
 * kept in {@code stats.jsonl}, and written back in Docker's table format to
 * {@code stats.log}. A container on the host's network has no interface of its own, and
 * docker stats shows its NET I/O as {@code 0B / 0B} whatever it sent: that column is its
 * sockets' bytes instead ({@link SocketTraffic}), stats.log opening with one line saying
 * so ({@link StatsLine#NET_NOTE}).
 */
public final class DockerStatsSampler implements StatsSampler {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<String> command;

    private final StatsWriter out;

    private Commands.Child child;

    private Thread reader;

    private long startedNanos;

    /**
     * The pid of each container's main process as this machine sees it, for containers on
     * the host's network; empty for containers with a network of their own.
     */
    private final Map<String, Long> hostNetworkPids;

    private final Map<String, SocketTraffic> traffic = new HashMap<>();

    /** Containers with a network of their own, whose NET I/O docker stats reads. */
    public DockerStatsSampler(List<String> containers, Path file) {
        this(containers, file, Map.of());
    }

    private DockerStatsSampler(List<String> containers, Path file, Map<String, Long> hostNetworkPids) {
        this.command = new ArrayList<>(List.of("docker", "stats", "--format", "{{json .}}"));
        this.command.addAll(containers);
        this.out = new StatsWriter(file);
        this.hostNetworkPids = Map.copyOf(hostNetworkPids);
        if (!hostNetworkPids.isEmpty()) {
            out.note(StatsLine.NET_NOTE);
            hostNetworkPids.keySet().forEach(container -> traffic.put(container, new SocketTraffic()));
        }
    }

    /**
     * Containers on the host's network ({@code --network host}), by name with the pid of
     * each one's main process: NET I/O is their sockets' bytes, not docker's
     * {@code 0B / 0B}.
     */
    public static DockerStatsSampler onHostNetwork(Map<String, Long> pids, Path file) {
        return new DockerStatsSampler(List.copyOf(pids.keySet()), file, pids);
    }

    @Override
    public DockerStatsSampler start() {
        child = Commands.launch("docker-stats", command).pipe().start();
        startedNanos = System.nanoTime();
        reader = new Thread(this::copy, "docker-stats");
        reader.setDaemon(true);
        reader.start();
        return this;
    }

    private void copy() {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(child.process().getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            // docker refreshes its stream more often than once a second, repeating the
            // same figures: keep one
            // sample per container per second, as stats.log promises, with docker's
            // header before each second's round
            Map<String, LocalDateTime> written = new HashMap<>();
            LocalDateTime round = null;
            while ((line = in.readLine()) != null) {
                LocalDateTime now = LocalDateTime.now().withNano(0);
                Optional<StatsLine> sample = sample(now, line);
                if (sample.isPresent() && !now.equals(written.get(sample.get().name()))) {
                    if (!now.equals(round)) {
                        out.header(now);
                        round = now;
                    }
                    written.put(sample.get().name(), now);
                    out.write(withHostNet(sample.get()));
                    out.flush();
                }
            }
        }
        catch (IOException stopped) {
            // docker stats was stopped
        }
    }

    /** A container on the host's network: its sockets' bytes for docker's 0B. */
    private StatsLine withHostNet(StatsLine read) {
        Long pid = hostNetworkPids.get(read.name());
        return pid == null ? read : read.withNet(traffic.get(read.name()).read(List.of(pid)));
    }

    /**
     * One line of docker's stream as a sample; empty for screen codes alone, placeholders
     * and anything not JSON.
     */
    static Optional<StatsLine> sample(LocalDateTime time, String line) {
        String text = line.replaceAll("\u001B\\[[0-9;]*[A-Za-z]", "").strip();
        if (!text.startsWith("{")) {
            return Optional.empty();
        }
        try {
            return StatsLine.fromDocker(time, JSON.readTree(text));
        }
        catch (RuntimeException notJson) {
            return Optional.empty();
        }
    }

    /** CPU the docker stats client used, as a share of one core over its lifetime. */
    @Override
    public double ownCpuPercentOfOneCore() {
        if (child == null) {
            return 0;
        }
        long wall = System.nanoTime() - startedNanos;
        return child.process()
            .toHandle()
            .info()
            .totalCpuDuration()
            .map(Duration::toNanos)
            .map(cpu -> wall <= 0 ? 0 : cpu * 100.0 / wall)
            .orElse(0.0);
    }

    @Override
    public void close() {
        if (child != null) {
            // Docker's CLI (28) takes a first SIGTERM as a cancelled context and streams
            // on: a TERM would cost the grace period each time. The client only reads,
            // so it is killed at once; a line it was writing is dropped as not JSON.
            child.stop(Duration.ZERO);
        }
        if (reader != null) {
            try {
                reader.join(5000);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }
        traffic.values().forEach(SocketTraffic::close);
        out.close();
    }

}
