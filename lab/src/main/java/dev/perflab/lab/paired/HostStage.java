package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.load.SshAgents;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.WrkGenerator;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.stats.HostProc;
import dev.perflab.lab.stats.JvmCounters;
import tools.jackson.databind.node.ObjectNode;

/**
 * A pair across hosts (make compare GATEWAY_HOST= AGENT_HOSTS=): both gateways on
 * GATEWAY_HOST ({@link HostedSide}), the backends on this machine listening where that
 * host reaches it, and the load from AGENT_HOSTS, every agent offering both sides the
 * same round-robin at its share of the rate (or one vegeta here without agents). Each
 * window reads both gateways' CPU from the host's /proc in one ssh call before and one
 * after, their bytes and collections through their JMX ports. The warm-up and the "alone"
 * phase drive the gateways with wrk from this machine. run.json gets a {@code hosts}
 * part: the host, each pass's gateway pids there, the agents and what each sent to each
 * side in every offer.
 */
final class HostStage implements Stage {

    private final LineupPlan plan;

    private final GatewayHost host;

    private final List<LoadAgent> agents;

    private final LocalBackends backends;

    private final VegetaGenerator vegeta;

    private final WrkGenerator wrk;

    private final WrkGenerator burstWrk;

    private final Path runJson;

    private final Map<String, HostedSide> running = new LinkedHashMap<>();

    private final List<Map<String, Object>> pids = new ArrayList<>();

    private final List<Map<String, List<Long>>> offers = new ArrayList<>();

    private boolean reached;

    private HostStage(LineupPlan plan, GatewayHost host, List<LoadAgent> agents, LocalBackends backends, Path runDir,
            PrintWriter out) {
        this.plan = plan;
        this.host = host;
        this.agents = List.copyOf(agents);
        this.backends = backends;
        this.runJson = runDir.resolve("run.json");
        Path root = plan.settings().root();
        this.vegeta = new VegetaGenerator(root,
                new VegetaGenerator.Load(plan.ratePerSide() * 2, LocalStage.MAX_CONNECTIONS, plan.timeout()), out,
                List.of(), agents);
        this.wrk = new WrkGenerator(root.resolve("wrk/summary.lua"),
                new WrkGenerator.Load(plan.aloneThreads(), plan.aloneConnections(), plan.timeout()));
        this.burstWrk = LocalStage.burstWrk(root, plan.timeout());
    }

    /**
     * The opener of a pair across hosts, checked already ({@link GatewayHost#check},
     * {@link LoadAgent#check}): the backends start here on every address.
     */
    static LineupRun.Opener opener(GatewayHost host, List<LoadAgent> agents) {
        return (plan, dir, out) -> {
            Stages.refuse(plan.settings().runtime(), plan.entrants().stream().map(LineupPlan.Entrant::side).toList());
            WrkGenerator.requireInstalled();
            out.println("Hosts: the gateways on " + host.host() + " (" + host.address() + "), the backends here on "
                    + host.runnerAddress() + ", the load from " + (agents.isEmpty() ? "one vegeta here"
                            : String.join(", ", agents.stream().map(LoadAgent::host).toList())));
            LocalBackends backends = LocalBackends.start(plan.settings(), plan.authLatency(), dir.resolve("logs"),
                    "0.0.0.0");
            HostStage stage = new HostStage(plan, host, agents, backends, dir, out);
            stage.record();
            return stage;
        };
    }

    @Override
    public void start(Path dir, List<LineupPlan.Entrant> order, List<String> portRank) {
        int[] ports = FreePorts.below(2 * order.size());
        Map<String, Object> pass = new LinkedHashMap<>();
        for (LineupPlan.Entrant entrant : order) {
            int rank = portRank.indexOf(entrant.name());
            running.put(entrant.name(),
                    HostedSide.start(host, plan.settings(), dir, entrant.name() + "_GATEWAY=" + entrant.side().given(),
                            entrant.side(), ports[rank], ports[order.size() + rank], backends.businessPort(),
                            backends.authPort()));
        }
        running.values().forEach(HostedSide::awaitReady);
        running.forEach((rung, side) -> pass.put(rung, side.pid()));
        pids.add(pass);
        record();
        if (!reached) {
            // before any load: every ssh agent sends one request to a gateway on the host
            SshAgents.reach(agents, running.values().iterator().next().url());
            reached = true;
        }
    }

    @Override
    public Map<String, SideWindow> offer(List<String> schedule, Duration length) {
        if (schedule.size() != 2) {
            throw new IllegalArgumentException("a duet is two rungs, not " + schedule);
        }
        List<Long> both = schedule.stream().map(rung -> running.get(rung).pid()).toList();
        Map<Long, HostProc.Reading> first = host.read(both);
        Map<String, HostedSide.Mark> before = new LinkedHashMap<>();
        schedule.forEach(rung -> before.put(rung, running.get(rung).mark(first)));
        List<URI> urls = schedule.stream().map(rung -> running.get(rung).url()).toList();
        Map<URI, LoadResult> each = vegeta.offerEach(urls, plan.settings().header(), length);
        Map<Long, HostProc.Reading> last = host.read(both);
        Map<String, SideWindow> windows = new LinkedHashMap<>();
        Map<String, List<Long>> sent = new LinkedHashMap<>();
        for (String rung : schedule) {
            HostedSide side = running.get(rung);
            StartedSide.Spent spent = side.since(before.get(rung), last);
            LoadResult result = each.get(side.url());
            windows.put(rung, SideWindow.of(result, spent.requestsMs(), spent.jvm(), spent.split()));
            sent.put(rung, result.agentRequests().isEmpty() ? List.of(result.requests()) : result.agentRequests());
        }
        offers.add(sent);
        return windows;
    }

    @Override
    public Map<String, SideWindow> burst(List<String> rungs, Duration length) {
        List<Long> own = rungs.stream().map(rung -> running.get(rung).pid()).toList();
        Map<Long, HostProc.Reading> first = host.read(own);
        Map<String, HostedSide.Mark> before = new LinkedHashMap<>();
        rungs.forEach(rung -> before.put(rung, running.get(rung).mark(first)));
        Map<String, URI> urls = new LinkedHashMap<>();
        rungs.forEach(rung -> urls.put(rung, running.get(rung).url()));
        Map<String, LoadResult> results = LocalStage.flatOut(urls, burstWrk, plan.settings().header(), length);
        Map<Long, HostProc.Reading> last = host.read(own);
        Map<String, SideWindow> windows = new LinkedHashMap<>();
        for (String rung : rungs) {
            StartedSide.Spent spent = running.get(rung).since(before.get(rung), last);
            JvmCounters.Reading jvm = new JvmCounters.Reading(0, 0, 0, 0, Math.round(spent.compilerMs()), -1, -1,
                    Map.of());
            windows.put(rung, SideWindow.of(results.get(rung), spent.requestsMs(), jvm, CpuSplit.NONE));
        }
        return windows;
    }

    @Override
    public LoadResult alone(String rung, Duration ramp, Duration length) {
        URI url = rung == null ? URI.create("http://127.0.0.1:" + backends.businessPort() + "/hello")
                : running.get(rung).url();
        return LocalStage.alone(wrk, url, rung == null ? null : plan.settings().header(), ramp, length);
    }

    /**
     * The backends' CPU, read here. The load generator's is not known: agents run on
     * other hosts, and what this runner's ended children used would count the ssh calls
     * that read the host's /proc with one vegeta here.
     */
    @Override
    public Shared shared() {
        double[] backendsMs = backends.cpuMillis();
        return new Shared(backendsMs[0], backendsMs[1], null);
    }

    @Override
    public Map<String, Integer> ports() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        running.forEach((rung, side) -> ports.put(rung, side.port()));
        return ports;
    }

    @Override
    public void stopRungs() {
        List<HostedSide> sides = new ArrayList<>(running.values());
        running.clear();
        sides.forEach(HostedSide::close);
    }

    @Override
    public void close() {
        try {
            stopRungs();
        }
        finally {
            try {
                backends.close();
            }
            finally {
                record();
            }
        }
    }

    /** run.json's hosts part as it stands: where the gateways ran, who offered what. */
    private void record() {
        if (!Files.isRegularFile(runJson)) {
            return;
        }
        Map<String, Object> hosts = new LinkedHashMap<>();
        hosts.put("gateway_host", host.host());
        hosts.put("gateway_address", host.address());
        hosts.put("backends_address", host.runnerAddress());
        hosts.put("ssh_config", host.sshConfig() == null ? null : host.sshConfig().toString());
        hosts.put("gateway_pids", pids);
        hosts.put("agents", agents);
        hosts.put("agent_requests", offers);
        ObjectNode json = (ObjectNode) RunFolder.JSON.readTree(runJson.toFile());
        json.set("hosts", RunFolder.JSON.valueToTree(hosts));
        RunFolder.write(runJson, RunFolder.JSON.writeValueAsString(json));
    }

}
