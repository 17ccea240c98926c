#!/usr/bin/env python3
"""vegeta, Hyperfoil and Locust side by side, on this machine: the figures issue 55 chooses the engine by.

    python3 lab/bench/generators.py                 # every step, every generator, ~20 min
    python3 lab/bench/generators.py --seconds 3 --steps cost,agents   # a quick look

Run it alone on the machine, as root (the agents step makes network namespaces), from the
repository root, after make build (auth-service's jar). Steps (--steps):
  cost     CPU per request of the generator process at --rates (400,800,5000) against a one-worker
           nginx on loopback: its /proc CPU (user+system) over the run's steady window (the first
           --warm seconds and the last second left out) / the requests sent in that window.
  max      the highest rate of --ladder the generator holds pinned to one core (taskset -c
           --gen-core; the backend on --backend-core): >= 99 % of the offered requests answered,
           and no growing lag (vegeta: each request's send time against its slot in the schedule;
           Hyperfoil: its last whole second still >= 99 % of the rate).
  latency  p50/p99/p99.9 against auth-service with a fixed delay (--delay, its AUTH_LATENCY knob)
           at --latency-rate: what each generator adds on top of the delay.
  agents   2 agents on 2 network-namespace hosts (lab/hosts.sh up 3, its own prefix perflab-g and
           198.19.i.2; auth-service and Hyperfoil's controller on h1, agents on h2 and h3 over ssh):
           whether the merged p50/p99/p99.9 equal those of the union of the agents' samples.
           vegeta: `vegeta report` over both result files (a t-digest) against exact percentiles of
           the union of the raw results; Hyperfoil: the controller's merged HdrHistogram against the
           bounds the agents' exported histograms (all.json) allow for their union; Locust: its
           master's report (_stats.csv) of two workers against the exact percentiles of the union of
           the samples each worker wrote from its request events.
Locust has no arrival-rate executor: a rate is rate / --locust-per-user users, each paced by
constant_throughput (a closed loop per user that keeps the rate while answers are fast). It is
pip-installed into tools/locust-VERSION on first use. k6 is left out: it is under the AGPL.
Writes results/generators/STAMP/table.md (command, machine, figures) and the raw files beside it.
Hyperfoil comes from Maven Central (lab/bench/hyperfoil-install.sh into tools/), or from --hyperfoil-lib
DIR (the lib/ folder of its distribution); vegeta from the lab's installer (tools/vegeta-VERSION). Where
Hyperfoil cannot be had (on the machine this was written on, Maven Central answered no io.hyperfoil
artifact of 0.27.2 to 0.29.3), the run goes on with vegeta and the table says why. Python, not Java: the steps are arithmetic over raw samples and
JSON files, with no part of the runner's own code in them.
"""
import argparse
import csv
import json
import math
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TICK = os.sysconf("SC_CLK_TCK")
PERCENTILES = (50.0, 99.0, 99.9)


def die(message):
    print("generators: " + message, file=sys.stderr)
    sys.exit(1)


# ---------------------------------------------------------------- percentiles of known samples

def exact_percentiles(values, percentiles=PERCENTILES):
    """Nearest rank: the smallest sample with at least p % of the samples at or below it."""
    ordered = sorted(values)
    if not ordered:
        return {p: None for p in percentiles}
    return {p: ordered[max(1, math.ceil(round(p / 100.0 * len(ordered), 9))) - 1] for p in percentiles}


def union_bounds(histograms, percentiles=PERCENTILES):
    """The range a percentile of the union of histograms can take, given each one's buckets.

    histograms: lists of {"from", "to", "count"} (Hyperfoil's exported "percentiles" buckets: count
    samples in (from, to]). Low bound: every sample at its bucket's from; high: at its to.
    """
    buckets = [b for h in histograms for b in h if b["count"] > 0]
    total = sum(b["count"] for b in buckets)
    bounds = {}
    for p in percentiles:
        rank = max(1, math.ceil(round(p / 100.0 * total, 9)))
        ends = []
        for key in ("from", "to"):
            seen = 0
            for bucket in sorted(buckets, key=lambda b: b[key]):
                seen += bucket["count"]
                if seen >= rank:
                    ends.append(bucket[key])
                    break
        bounds[p] = tuple(ends) if len(ends) == 2 else (None, None)
    return bounds, total


def hyperfoil_union_check(stats, phase="main"):
    """Controller-merged percentiles of a Hyperfoil all.json against the union of its agents'."""
    merged = next(s for s in stats["stats"] if s["phase"] == phase)
    summary = merged["total"]["summary"]
    agents = [next(s for s in a["stats"] if s["phase"] == phase) for a in stats.get("agents", [])]
    bounds, total = union_bounds([a["histogram"]["percentiles"] for a in agents])
    rows = {}
    for p in PERCENTILES:
        value = summary["percentileResponseTime"].get(_key(p, summary["percentileResponseTime"]))
        low, high = bounds[p]
        # HdrHistogram reports a bucket's highest equivalent value: allow its resolution (0.1 %)
        inside = low is not None and value is not None and low * 0.999 <= value <= high * 1.001
        rows[p] = (value, low, high, inside)
    counts = (summary["requestCount"], sum(a["total"]["summary"]["requestCount"] for a in agents), total)
    return rows, counts, len(agents)


def _key(p, mapping):
    for key in mapping:
        if abs(float(key) - p) < 1e-9:
            return key
    return None


# ---------------------------------------------------------------- processes and their CPU

def proc_cpu(pid):
    """User + system CPU seconds of process pid (all its threads), from /proc."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class CpuSampler(threading.Thread):
    """(wall time, CPU seconds) of a process every 50 ms while it runs."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.samples, self.done = pid, [], threading.Event()

    def run(self):
        while not self.done.is_set():
            try:
                self.samples.append((time.time(), proc_cpu(self.pid)))
            except (OSError, IndexError):
                return
            self.done.wait(0.05)

    def between(self, t0, t1):
        return self._at(t1) - self._at(t0)

    def _at(self, t):
        s = self.samples
        if not s or t <= s[0][0]:
            return s[0][1] if s else 0.0
        for (ta, ca), (tb, cb) in zip(s, s[1:]):
            if ta <= t <= tb:
                return ca + (cb - ca) * (t - ta) / max(tb - ta, 1e-9)
        return s[-1][1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url, seconds, process=None, what="server"):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process is not None and process.poll() is not None:
            die("%s ended before it answered %s (exit %d)" % (what, url, process.returncode))
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    die("%s did not answer %s within %d s" % (what, url, seconds))


def stop(process):
    if process and process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def pin(core):
    return ["taskset", "-c", str(core)] if core not in (None, "") else []


def netns(name):
    return ["ip", "netns", "exec", name] if name else []


def start_nginx(folder, address, port, prefix=()):
    os.makedirs(folder, exist_ok=True)
    conf = os.path.join(folder, "nginx.conf")
    with open(conf, "w") as f:
        f.write("worker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log;\n"
                "events { worker_connections 8192; }\nhttp {\n  access_log off;\n"
                "  server {\n    listen %s:%d;\n    location / { return 200 \"Hello World!\"; }\n  }\n}\n"
                % (folder, folder, address, port))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    process = subprocess.Popen(list(prefix) + [nginx, "-p", folder, "-c", conf, "-g", "daemon off;"])
    wait_http("http://%s:%d/" % (address, port), 10, process, "nginx")
    return process


def start_auth(args, folder, address, port, prefix=()):
    jar = os.path.join(ROOT, "auth-service/target/auth-service.jar")
    if not os.path.isfile(jar):
        die("auth-service is not built (no %s): run make build first" % jar)
    env = dict(os.environ, SERVER_ADDRESS=address, SERVER_PORT=str(port), AUTH_LATENCY=args.delay,
               LAB_LOG_DIR=folder)
    env.pop("SPRING_PROFILES_ACTIVE", None)
    os.makedirs(folder, exist_ok=True)
    log = open(os.path.join(folder, "auth-service.log"), "w")
    process = subprocess.Popen(list(prefix) + [args.service_java, "-Xmx256m", "-jar", jar], env=env, stdout=log,
                               stderr=subprocess.STDOUT)
    wait_http("http://%s:%d/auth?token=lab-token" % (address, port), 90, process, "auth-service")
    return process


# ---------------------------------------------------------------- vegeta

def vegeta_attack(args, url, rate, seconds, output, prefix=(), sample=True):
    """Runs one attack; returns (sampler or None, the results as rows)."""
    command = list(prefix) + [args.vegeta, "attack", "-rate=%d/1s" % rate, "-duration=%ds" % seconds,
                              "-max-body=0", "-output=" + output]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sampler = CpuSampler(process.pid) if sample else None
    if sampler:
        sampler.start()
    _, err = process.communicate("GET %s\n" % url)
    if sampler:
        sampler.done.set()
    if process.returncode != 0:
        die("vegeta attack failed: %s" % err.strip()[-300:])
    return sampler, vegeta_rows(args, [output])


def vegeta_rows(args, files):
    out = subprocess.run([args.vegeta, "encode", "-to=csv"] + files, capture_output=True, text=True, check=True).stdout
    # timestamp ns, code, latency ns, ..., error
    return sorted((int(r[0]) / 1e9, int(r[1]), int(r[2]) / 1e6) for r in csv.reader(out.splitlines()))


def vegeta_steady(args, sampler, rows):
    """CPU seconds and requests sent in the steady window of one attack."""
    t0 = rows[0][0] + args.warm
    t1 = rows[-1][0] - 1.0
    sent = sum(1 for r in rows if t0 <= r[0] < t1)
    return sampler.between(t0, t1), sent, t1 - t0


def vegeta_schedule(rows, rate, seconds):
    """(answered share of the offered requests, lag growth in ms from the first to the last tenth)."""
    ok = sum(1 for r in rows if 200 <= r[1] < 400)
    lags = [(r[0] - rows[0][0] - i / rate) * 1000 for i, r in enumerate(rows)]
    tenth = max(1, len(lags) // 10)
    growth = sorted(lags[-tenth:])[tenth // 2] - sorted(lags[:tenth])[tenth // 2] if lags else float("inf")
    return ok / (rate * seconds), growth


# ---------------------------------------------------------------- Hyperfoil

class Hyperfoil:
    """A Hyperfoil controller (Standalone: in-process agent; Controller: agents over ssh), driven by its REST API."""

    def __init__(self, args, folder, host, main="Standalone", prefix=(), props=()):
        self.args, self.host, self.port = args, host, free_port()
        self.base = "http://%s:%d" % (host, self.port)
        os.makedirs(folder, exist_ok=True)
        self.folder = folder
        classpath = os.path.join(args.hyperfoil_lib, "*")
        command = list(prefix) + [args.hyperfoil_java, "-Xmx1g", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                                  "-Dio.hyperfoil.rootdir=" + os.path.join(folder, "root"),
                                  "-Dio.hyperfoil.controller.host=" + host,
                                  "-Dio.hyperfoil.controller.port=%d" % self.port,
                                  "-Dio.hyperfoil.agent.java.executable=" + args.hyperfoil_java] + list(props) + [
            "-cp", classpath, "io.hyperfoil.Hyperfoil$" + main]
        self.log = open(os.path.join(folder, "controller.log"), "w")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        wait_http(self.base + "/version", 60, self.process, "Hyperfoil " + main)

    def run(self, yaml, limit):
        """Uploads the benchmark, runs it to its end; returns (run id, all.json as a dict)."""
        name = yaml.split("\n", 1)[0].split(":", 1)[1].strip()
        request = urllib.request.Request(self.base + "/benchmark", data=yaml.encode(), method="POST",
                                         headers={"Content-Type": "text/vnd.yaml"})
        self._call(request, "upload " + name)
        run = json.loads(self._call(urllib.request.Request(self.base + "/benchmark/%s/start" % name), "start"))
        deadline = time.time() + limit
        while time.time() < deadline:
            state = json.loads(self._call(urllib.request.Request(self.base + "/run/" + run["id"]), "status"))
            if state.get("errors"):
                die("Hyperfoil run %s: %s (log: %s)" % (run["id"], "; ".join(state["errors"])[:300], self.folder))
            if state.get("completed") and state.get("persisted", True):
                break
            time.sleep(0.5)
        else:
            die("Hyperfoil run %s did not end within %d s (log: %s)" % (run["id"], limit, self.folder))
        stats = json.loads(self._call(urllib.request.Request(self.base + "/run/%s/stats/all/json" % run["id"]), "stats"))
        with open(os.path.join(self.folder, "%s-%s.json" % (name, run["id"])), "w") as f:
            json.dump(stats, f)
        return run["id"], stats

    def _call(self, request, what):
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                return r.read().decode()
        except urllib.error.HTTPError as e:
            die("Hyperfoil %s: HTTP %d %s" % (what, e.code, e.read().decode(errors="replace").strip()[:300]))
        except OSError as e:
            die("Hyperfoil %s: %s (log: %s)" % (what, e, self.folder))

    def stop(self):
        stop(self.process)
        self.log.close()


def hyperfoil_yaml(args, name, target, path, rate, seconds, agents=None):
    lines = ["name: %s" % name, "threads: %d" % args.hyperfoil_threads, "http:", "  host: %s" % target,
             "  sharedConnections: %d" % args.connections]
    if agents:
        lines.append("agents:")
        for agent, props in agents.items():
            lines.append("  %s:" % agent)
            lines += ["    %s: %s" % item for item in props.items()]
    lines += ["phases:", "- main:", "    constantRate:", "      usersPerSec: %d" % rate,
              "      maxSessions: %d" % max(200, rate), "      duration: %ds" % seconds, "      scenario:",
              "      - request:", "        - httpRequest:", "            GET: %s" % path]
    return "\n".join(lines) + "\n"


def main_stats(stats):
    return next(s for s in stats["stats"] if s["phase"] == "main")


def hyperfoil_steady(args, sampler, stats):
    """CPU seconds and requests in the whole seconds of the run after --warm, the last one left out."""
    entry = main_stats(stats)
    series = sorted(entry["series"], key=lambda s: s["startTime"])
    start = series[0]["startTime"] / 1000.0
    window = [s for s in series[:-1] if s["startTime"] / 1000.0 >= start + args.warm]
    if not window:
        die("Hyperfoil's run is too short for a steady window: raise --seconds above --warm + 2")
    t0, t1 = window[0]["startTime"] / 1000.0, window[-1]["endTime"] / 1000.0
    return sampler.between(t0, t1), sum(s["requestCount"] for s in window), t1 - t0


def hyperfoil_schedule(stats, rate, seconds):
    summary = main_stats(stats)["total"]["summary"]
    series = sorted(main_stats(stats)["series"], key=lambda s: s["startTime"])
    answered = summary["responseCount"] - summary["invalid"] - summary["connectionErrors"] - summary["requestTimeouts"]
    # the last whole second before the phase's end (the final one may hold its end)
    whole = [s for s in series if s["endTime"] - s["startTime"] >= 900][-3:-1]
    last = whole[-1]["requestCount"] * 1000.0 / (whole[-1]["endTime"] - whole[-1]["startTime"]) if whole else 0
    return answered / (rate * seconds), last / rate, summary["blockedTime"]


# ---------------------------------------------------------------- steps

# ---------------------------------------------------------------- Locust

LOCUSTFILE = """import os, time
from locust import FastHttpUser, task, constant_throughput, events

SAMPLES = os.environ.get("LOCUST_SAMPLES")
ROWS = []


@events.request.add_listener
def on_request(request_type, name, response_time, response_length, exception=None, **kwargs):
    ROWS.append((time.time(), 0 if exception else 1, response_time))


@events.quitting.add_listener
def on_quitting(environment, **kwargs):
    if SAMPLES:
        with open(SAMPLES, "w") as f:
            f.writelines("%.6f %d %.4f\\n" % row for row in ROWS)


class Lab(FastHttpUser):
    wait_time = constant_throughput(float(os.environ["LOCUST_PER_USER"]))

    @task
    def get(self):
        self.client.get(os.environ["LOCUST_PATH"])
"""


def locust_file(out):
    path = os.path.join(out, "locustfile.py")
    with open(path, "w") as f:
        f.write(LOCUSTFILE)
    return path


def locust_users(args, rate):
    """Locust has no arrival-rate executor: rate / --locust-per-user users, each paced by constant_throughput."""
    return max(1, round(rate / args.locust_per_user))


def locust_command(args, out, target, rate, seconds, csv_prefix, more=()):
    users = locust_users(args, rate)
    return [args.locust, "-f", locust_file(out), "--headless", "-u", str(users), "-r", str(users), "-t",
            "%ds" % seconds, "--host", target, "--csv", csv_prefix, "--only-summary", "--stop-timeout", "2",
            "--loglevel", "WARNING"] + list(more)


def locust_env(args, path, samples):
    return dict(os.environ, LOCUST_PER_USER=str(args.locust_per_user), LOCUST_PATH=path, LOCUST_SAMPLES=samples)


def locust_run(args, out, target, path, rate, seconds, name, prefix=(), sample=True):
    """One standalone Locust run; returns (sampler or None, rows (time s, ok, ms), its own csv percentiles)."""
    samples = os.path.join(out, "locust-%s.txt" % name)
    csv_prefix = os.path.join(out, "locust-%s" % name)
    log = open(os.path.join(out, "locust-%s.log" % name), "w")
    process = subprocess.Popen(list(prefix) + locust_command(args, out, target, rate, seconds, csv_prefix),
                               env=locust_env(args, path, samples), stdout=log, stderr=subprocess.STDOUT)
    sampler = CpuSampler(process.pid) if sample else None
    if sampler:
        sampler.start()
    process.wait(seconds + 60)
    if sampler:
        sampler.done.set()
    rows = locust_rows(samples)
    if not rows:
        die("Locust sent nothing (exit %s): see %s" % (process.returncode, log.name))
    return sampler, rows, locust_reported(csv_prefix)


def locust_rows(*files):
    rows = []
    for name in files:
        if os.path.isfile(name):
            with open(name) as f:
                rows += [(float(t), int(ok), float(ms)) for t, ok, ms in (line.split() for line in f if line.strip())]
    return sorted(rows)


def locust_reported(csv_prefix):
    """p50/p99/p99.9 (ms) and the request count of the Aggregated row of Locust's own _stats.csv."""
    with open(csv_prefix + "_stats.csv") as f:
        row = next(r for r in csv.DictReader(f) if r["Name"] == "Aggregated")
    return {50.0: float(row["50%"]), 99.0: float(row["99%"]), 99.9: float(row["99.9%"])}, int(row["Request Count"])


def steady(args, sampler, rows):
    """CPU seconds and requests sent in the steady window of one run (rows: time s first)."""
    t0 = rows[0][0] + args.warm
    t1 = rows[-1][0] - 1.0
    sent = sum(1 for r in rows if t0 <= r[0] < t1)
    return sampler.between(t0, t1), sent, t1 - t0


def step_cost(args, out, table):
    port = free_port()
    nginx = start_nginx(os.path.join(out, "nginx-cost"), "127.0.0.1", port)
    target = "http://127.0.0.1:%d" % port
    url = target + "/"
    try:
        for generator in args.generators:
            hf = Hyperfoil(args, os.path.join(out, "hyperfoil-cost"), "127.0.0.1") if generator == "hyperfoil" else None
            try:
                if hf:  # the JIT warms up once, as it does in a long run
                    hf.run(hyperfoil_yaml(args, "warmup", target, "/", 5000, args.hyperfoil_warmup),
                           args.hyperfoil_warmup + 60)
                for rate in args.rates:
                    if hf:
                        sampler = CpuSampler(hf.process.pid)
                        sampler.start()
                        _, stats = hf.run(hyperfoil_yaml(args, "cost-%d" % rate, target, "/", rate, args.seconds),
                                          args.seconds + 60)
                        sampler.done.set()
                        cpu, sent, span = hyperfoil_steady(args, sampler, stats)
                    elif generator == "locust":
                        sampler, rows, _ = locust_run(args, out, target, "/", rate, args.seconds, "cost-%d" % rate)
                        cpu, sent, span = steady(args, sampler, rows)
                    else:
                        sampler, rows = vegeta_attack(args, url, rate, args.seconds,
                                                      os.path.join(out, "vegeta-cost-%d.bin" % rate))
                        cpu, sent, span = vegeta_steady(args, sampler, rows)
                    figure = "%.0f µs (%d requests in %.0f s, %.0f req/s)" % (cpu * 1e6 / max(sent, 1), sent, span,
                                                                            sent / max(span, 1e-9))
                    table.setdefault("CPU per request at %d req/s" % rate, {})[generator] = figure
                    print("cost %-9s %5d req/s: %s" % (generator, rate, figure), flush=True)
            finally:
                if hf:
                    hf.stop()
    finally:
        stop(nginx)


def step_max(args, out, table):
    port = free_port()
    nginx = start_nginx(os.path.join(out, "nginx-max"), "127.0.0.1", port, pin(args.backend_core))
    target = "http://127.0.0.1:%d" % port
    url = target + "/"
    try:
        for generator in args.generators:
            hf = Hyperfoil(args, os.path.join(out, "hyperfoil-max"), "127.0.0.1",
                           prefix=pin(args.gen_core)) if generator == "hyperfoil" else None
            held, lines = None, []
            try:
                if hf:
                    hf.run(hyperfoil_yaml(args, "warmup", target, "/", args.ladder[0], args.hyperfoil_warmup),
                           args.hyperfoil_warmup + 60)
                for rate in args.ladder:
                    if hf:
                        _, stats = hf.run(hyperfoil_yaml(args, "max-%d" % rate, target, "/", rate, args.seconds),
                                          args.seconds + 120)
                        answered, last, blocked = hyperfoil_schedule(stats, rate, args.seconds)
                        keeps = answered >= 0.99 and last >= 0.99 and blocked == 0
                        note = "%.1f %% answered, last second %.1f %%, blocked %d ns" % (answered * 100, last * 100,
                                                                                        blocked)
                    elif generator == "locust":
                        _, rows, _ = locust_run(args, out, target, "/", rate, args.seconds, "max-%d" % rate,
                                                pin(args.gen_core), False)
                        t0, t1 = rows[0][0] + args.warm, rows[-1][0] - 1.0
                        ok = sum(1 for r in rows if t0 <= r[0] < t1 and r[1])
                        achieved = ok / max(t1 - t0, 1e-9) / rate
                        keeps = achieved >= 0.99
                        note = "%.1f %% of the rate answered in the steady window (%d users)" % (
                            achieved * 100, locust_users(args, rate))
                    else:
                        _, rows = vegeta_attack(args, url, rate, args.seconds,
                                                os.path.join(out, "vegeta-max-%d.bin" % rate), pin(args.gen_core), False)
                        answered, growth = vegeta_schedule(rows, rate, args.seconds)
                        keeps = answered >= 0.99 and growth <= args.max_lag_ms
                        note = "%.1f %% answered, lag grew %.1f ms" % (answered * 100, growth)
                    print("max  %-9s %6d req/s: %s: %s" % (generator, rate, "holds" if keeps else "falls behind", note),
                          flush=True)
                    lines.append("%d: %s" % (rate, note))
                    if not keeps:
                        break
                    held = rate
            finally:
                if hf:
                    hf.stop()
            table.setdefault("highest rate of the ladder one core holds", {})[generator] = (
                "%s req/s (%s)" % (held if held else "below %d" % args.ladder[0], "; ".join(lines)))
    finally:
        stop(nginx)


def step_latency(args, out, table):
    port = free_port()
    auth = start_auth(args, os.path.join(out, "auth-latency"), "127.0.0.1", port)
    url = "http://127.0.0.1:%d/auth?token=lab-token" % port
    delay = parse_ms(args.delay)
    try:
        if "vegeta" in args.generators:  # the service's JIT warms up before either generator measures
            vegeta_attack(args, url, args.latency_rate, args.hyperfoil_warmup, os.path.join(out, "vegeta-warmup.bin"),
                          sample=False)
        for generator in args.generators:
            if generator == "hyperfoil":
                hf = Hyperfoil(args, os.path.join(out, "hyperfoil-latency"), "127.0.0.1")
                try:
                    hf.run(hyperfoil_yaml(args, "warmup", url.split("/auth")[0], "/auth?token=lab-token",
                                          args.latency_rate, args.hyperfoil_warmup), args.hyperfoil_warmup + 60)
                    _, stats = hf.run(hyperfoil_yaml(args, "latency", url.split("/auth")[0], "/auth?token=lab-token",
                                                     args.latency_rate, args.seconds), args.seconds + 60)
                finally:
                    hf.stop()
                ns = main_stats(stats)["total"]["summary"]["percentileResponseTime"]
                values = {p: ns[_key(p, ns)] / 1e6 for p in PERCENTILES}
            elif generator == "locust":
                base = url.split("/auth")[0]
                locust_run(args, out, base, "/auth?token=lab-token", args.latency_rate, args.hyperfoil_warmup,
                           "latency-warmup", sample=False)
                _, rows, own = locust_run(args, out, base, "/auth?token=lab-token", args.latency_rate, args.seconds,
                                          "latency", sample=False)
                values = exact_percentiles([r[2] for r in rows if r[0] >= rows[0][0] + args.warm])
            else:
                _, rows = vegeta_attack(args, url, args.latency_rate, args.seconds,
                                        os.path.join(out, "vegeta-latency.bin"), sample=False)
                values = exact_percentiles([r[2] for r in rows if r[0] >= rows[0][0] + args.warm])
            figure = " / ".join("%.3f (+%.3f)" % (values[p], values[p] - delay) for p in PERCENTILES)
            if generator == "locust":  # its report covers the whole run: held against the exact figures of it
                figure += "; its own report %s against %s exact over the run's %d samples" % (
                    fmt(own[0]), fmt(exact_percentiles([r[2] for r in rows])), own[1])
            table.setdefault("p50 / p99 / p99.9 ms (added to the %s delay) at %d req/s"
                             % (args.delay, args.latency_rate), {})[generator] = figure
            print("latency %-9s %s" % (generator, figure), flush=True)
    finally:
        stop(auth)


def step_agents(args, out, table):
    if os.geteuid() != 0:
        for generator in args.generators:
            table.setdefault("2 agents: merged p50/p99/p99.9 = union's", {})[generator] = "not run (needs root)"
        print("agents: needs root (network namespaces); not run", flush=True)
        return
    hosts = os.path.join(out, "hosts")
    env = dict(os.environ, PERFLAB_HOSTS_DIR=hosts, PERFLAB_HOSTS_PREFIX="perflab-g", PERFLAB_HOSTS_NET="19")
    up = subprocess.run(["bash", os.path.join(ROOT, "lab/hosts.sh"), "up", "3"], env=env, cwd=ROOT,
                        capture_output=True, text=True)
    try:
        if up.returncode != 0:
            die("lab/hosts.sh up 3: " + (up.stderr or up.stdout).strip().splitlines()[-1])
        folder = os.path.join(out, "agents")
        port = free_port()
        auth = start_auth(args, folder, "198.19.1.2", port, netns("perflab-g1"))
        try:
            if "vegeta" in args.generators:  # from this machine, so the service's JIT is warm for both
                vegeta_attack(args, "http://198.19.1.2:%d/auth?token=lab-token" % port, args.agents_rate,
                              args.hyperfoil_warmup, os.path.join(folder, "vegeta-warmup.bin"), sample=False)
            for generator in args.generators:
                run_agents(args, generator, folder, hosts, "http://198.19.1.2:%d" % port, table)
        finally:
            stop(auth)
    finally:
        subprocess.run(["bash", os.path.join(ROOT, "lab/hosts.sh"), "down"], env=env, cwd=ROOT, capture_output=True)


def run_agents(args, generator, folder, hosts, target, table):
    label = "2 agents, %d req/s in all: merged p50/p99/p99.9 = union's" % args.agents_rate
    half = args.agents_rate // 2
    if generator == "vegeta":
        files, processes = [], []
        for host in ("h2", "h3"):
            files.append(os.path.join(folder, "vegeta-%s.bin" % host))
            remote = "echo 'GET %s/auth?token=lab-token' | %s attack -rate=%d/1s -duration=%ds -max-body=0 -output=%s" % (
                target, args.vegeta, half, args.seconds, files[-1])
            processes.append(subprocess.Popen(["ssh", "-F", os.path.join(hosts, "ssh_config"), host, remote],
                                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
        for process in processes:
            output = process.communicate()[0]
            if process.returncode != 0:
                die("vegeta over ssh failed: " + output.strip()[-300:])
        report = json.loads(subprocess.run([args.vegeta, "report", "-type=json"] + files, capture_output=True,
                                           text=True, check=True).stdout)
        hdr = subprocess.run([args.vegeta, "report", "-type=hdrplot"] + files, capture_output=True, text=True,
                             check=True).stdout.splitlines()[1:]
        # vegeta reports no p99.9: its hdrplot's nearest quantile is 0.999023, and the union is taken there too
        p999 = next(float(line.split()[0]) for line in hdr if abs(float(line.split()[1]) - 0.999023) < 1e-9)
        merged = {50.0: report["latencies"]["50th"] / 1e6, 99.0: report["latencies"]["99th"] / 1e6, 99.9: p999}
        rows = vegeta_rows(args, files)
        union = exact_percentiles([r[2] for r in rows], (50.0, 99.0, 99.9023))
        union[99.9] = union.pop(99.9023)
        equal = all(abs(merged[p] - union[p]) <= 0.001 for p in PERCENTILES)
        figure = "%s: report %s ms, union %s ms (%d + %d samples = %d in the report)" % (
            "yes" if equal else "no", fmt(merged), fmt(union), len(vegeta_rows(args, files[:1])),
            len(vegeta_rows(args, files[1:])), report["requests"])
    elif generator == "locust":
        port = free_port()
        files, workers = [], []
        path = "/auth?token=lab-token"
        for host in ("h2", "h3"):
            files.append(os.path.join(folder, "locust-%s.txt" % host))
            remote = " ".join(["env", "LOCUST_PER_USER=%s" % args.locust_per_user, "'LOCUST_PATH=%s'" % path,
                               "LOCUST_SAMPLES=" + files[-1], args.locust, "-f", locust_file(folder), "--worker",
                               "--master-host", "198.19.1.2", "--master-port", str(port), "--loglevel", "WARNING"])
            workers.append(subprocess.Popen(["ssh", "-F", os.path.join(hosts, "ssh_config"), host, remote],
                                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
        csv_prefix = os.path.join(folder, "locust-master")
        master = subprocess.Popen(netns("perflab-g1") + locust_command(
            args, folder, target, args.agents_rate, args.seconds, csv_prefix,
            ["--master", "--master-bind-host", "198.19.1.2", "--master-bind-port", str(port), "--expect-workers", "2"]),
            env=locust_env(args, path, ""), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        output = master.communicate(timeout=args.seconds + 120)[0]
        for worker in workers:
            try:
                worker.wait(30)
            except subprocess.TimeoutExpired:
                stop(worker)
        if master.returncode not in (0, 1):  # 1: some requests failed, which the figure shows
            die("Locust's master failed: " + output.strip()[-300:])
        merged, count = locust_reported(csv_prefix)
        rows = locust_rows(*files)
        union = exact_percentiles([r[2] for r in rows])
        equal = all(abs(merged[p] - union[p]) <= 0.001 for p in PERCENTILES) and count == len(rows)
        figure = "%s: master %s ms, union %s ms (%d + %d samples = %d, %d in the master's report)" % (
            "yes" if equal else "no", fmt(merged), fmt(union), len(locust_rows(files[0])), len(locust_rows(files[1])),
            len(rows), count)
    else:
        home = os.path.join(folder, "home")
        os.makedirs(os.path.join(home, ".ssh"), mode=0o700, exist_ok=True)
        shutil.copy(os.path.join(hosts, "id_ed25519"), os.path.join(home, ".ssh", "perflab"))
        os.chmod(os.path.join(home, ".ssh", "perflab"), 0o600)
        agents = {"a%d" % i: {"host": "198.19.%d.2" % (i + 1), "port": 22, "user": "root", "sshKey": "perflab",
                              "dir": os.path.join(folder, "hyperfoil-agent-a%d" % i)} for i in (1, 2)}
        hf = Hyperfoil(args, os.path.join(folder, "hyperfoil"), "198.19.1.2", "Controller", netns("perflab-g1"),
                       ["-Duser.home=" + home, "-Dio.hyperfoil.controller.cluster.ip=198.19.1.2",
                        "-Dio.hyperfoil.controller.cluster.port=7800", "-Dio.hyperfoil.deployer=ssh"])
        try:
            _, stats = hf.run(hyperfoil_yaml(args, "agents", target, "/auth?token=lab-token", args.agents_rate,
                                             args.seconds, agents), args.seconds + 180)
        finally:
            hf.stop()
        rows, counts, n = hyperfoil_union_check(stats)
        equal = all(inside for _, _, _, inside in rows.values()) and counts[0] == counts[1] == counts[2]
        figure = "%s: controller %s ms, union of %d agents' histograms %s ms (requests %d merged, %d summed, %d in the histograms)" % (
            "yes" if equal else "no", fmt({p: v[0] / 1e6 for p, v in rows.items()}), n,
            " / ".join("%.3f-%.3f" % (v[1] / 1e6, v[2] / 1e6) if v[1] is not None else "-" for v in rows.values()),
            *counts)
    table.setdefault(label, {})[generator] = figure
    print("agents %-9s %s" % (generator, figure), flush=True)


def fmt(values):
    return " / ".join("%.3f" % values[p] for p in PERCENTILES)


def parse_ms(text):
    text = text.strip()
    for unit, factor in (("ms", 1.0), ("us", 0.001), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[:-len(unit)]) * factor
    return float(text)


# ---------------------------------------------------------------- setup and the table

def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return "%s, %d cores, Linux %s" % (model, os.cpu_count(), os.uname().release)


def write_table(args, out, table, started):
    names = {"vegeta": "vegeta %s" % args.vegeta_version, "hyperfoil": "Hyperfoil %s" % args.hyperfoil_version,
             "locust": "Locust %s" % args.locust_version}
    shown = args.shown or args.generators
    lines = ["# Load generators side by side", "",
             "Command: `%s`  " % " ".join(["python3", "lab/bench/generators.py"] + sys.argv[1:]),
             "Machine: %s  " % machine(),
             "Taken: %s UTC, %.0f s; backend for cost and max: one-worker nginx on loopback" % (
                 time.strftime("%Y-%m-%d %H:%M", time.gmtime(started)), time.time() - started), "",
             "| measure | " + " | ".join(names[g] for g in shown) + " |",
             "|---|" + "---|" * len(shown)]
    for measure, figures in table.items():
        lines.append("| %s | %s |" % (measure, " | ".join(figures.get(g, "not run: " + args.missing if args.missing and g == "hyperfoil" else "-") for g in shown)))
    path = os.path.join(out, "table.md")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def resolve_tools(args):
    if "vegeta" in args.generators and not args.vegeta:
        binary = os.path.join(ROOT, "tools", "vegeta-%s" % args.vegeta_version, "vegeta")
        if not os.access(binary, os.X_OK):
            jar = os.path.join(ROOT, "lab/target/lab.jar")
            if not os.path.isfile(jar):
                die("no vegeta at %s and no lab/target/lab.jar to install it: run make build, or pass --vegeta PATH"
                    % binary)
            done = subprocess.run(["java", "-cp", jar, "dev.perflab.lab.load.VegetaInstaller", ROOT],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                die((done.stderr or done.stdout).strip().splitlines()[-1])
        args.vegeta = binary
    if "hyperfoil" in args.generators and not args.hyperfoil_lib:
        done = subprocess.run(["bash", os.path.join(ROOT, "lab/bench/hyperfoil-install.sh"), args.hyperfoil_version],
                              cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            # the vegeta figures are still worth taking: the table says why Hyperfoil's are missing
            args.missing = (done.stderr or done.stdout).strip().splitlines()[-1]
            print(args.missing + "; going on without Hyperfoil (--hyperfoil-lib DIR takes a distribution's lib/)",
                  file=sys.stderr)
            args.shown = args.shown or list(args.generators)  # the table keeps Hyperfoil's column, saying why
            args.generators = [g for g in args.generators if g != "hyperfoil"]
        else:
            args.hyperfoil_lib = done.stdout.strip().splitlines()[-1]
    if "locust" in args.generators and not args.locust:
        venv = os.path.join(ROOT, "tools", "locust-%s" % args.locust_version)
        args.locust = os.path.join(venv, "bin", "locust")
        if not os.path.isfile(os.path.join(venv, ".installed")):
            print("installing Locust %s into %s (python3 -m venv, pip from PyPI)" % (args.locust_version, venv),
                  flush=True)
            for command in (["python3", "-m", "venv", "--clear", venv],
                            [os.path.join(venv, "bin", "python"), "-m", "pip", "install", "--quiet",
                             "--disable-pip-version-check", "--only-binary=:all:",
                             "locust==%s" % args.locust_version]):
                done = subprocess.run(command, capture_output=True, text=True)
                if done.returncode != 0:
                    die("%s failed: %s" % (" ".join(command[:4]), (done.stderr or done.stdout).strip()[-300:]))
            open(os.path.join(venv, ".installed"), "w").write("locust==%s\n" % args.locust_version)
    if "hyperfoil" in args.generators:
        version = subprocess.run([args.hyperfoil_java, "-version"], capture_output=True, text=True)
        major = version.stderr.split('"')[1].split(".")[0] if version.returncode == 0 and '"' in version.stderr else "0"
        if int(major) < (21 if args.hyperfoil_version >= "0.28" else 17):
            die("Hyperfoil %s needs Java 21 or newer, %s is Java %s: pass --hyperfoil-java" % (
                args.hyperfoil_version, args.hyperfoil_java, major))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="cost,max,latency,agents")
    parser.add_argument("--generators", default="vegeta,hyperfoil,locust")
    parser.add_argument("--seconds", type=int, default=20, help="each run's length (default: %(default)s)")
    parser.add_argument("--warm", type=float, default=3, help="seconds left out at a run's start (default: %(default)s)")
    parser.add_argument("--rates", default="400,800,5000")
    parser.add_argument("--ladder", default="2000,4000,6000,8000,10000,12000,16000,20000,24000,32000")
    parser.add_argument("--max-lag-ms", type=float, default=10.0)
    parser.add_argument("--gen-core", default="1")
    parser.add_argument("--backend-core", default="0")
    parser.add_argument("--delay", default="2ms", help="auth-service's fixed delay (AUTH_LATENCY)")
    parser.add_argument("--latency-rate", type=int, default=400)
    parser.add_argument("--agents-rate", type=int, default=800)
    parser.add_argument("--connections", type=int, default=200, help="Hyperfoil's sharedConnections")
    parser.add_argument("--hyperfoil-threads", type=int, default=1)
    parser.add_argument("--hyperfoil-warmup", type=int, default=10, help="seconds of JIT warm-up before measuring")
    parser.add_argument("--hyperfoil-version", default="0.29.3")
    parser.add_argument("--hyperfoil-lib", help="a folder of Hyperfoil's jars (default: lab/bench/hyperfoil-install.sh)")
    parser.add_argument("--hyperfoil-java", default="/usr/lib/jvm/temurin-25-jdk-amd64/bin/java")
    parser.add_argument("--service-java", default=shutil.which("java") or "java")
    parser.add_argument("--vegeta", help="the vegeta binary (default: tools/vegeta-VERSION, installed when missing)")
    parser.add_argument("--vegeta-version", default="12.13.0")
    parser.add_argument("--locust-version", default="2.47.0")
    parser.add_argument("--locust", help="the locust command (default: tools/locust-VERSION, installed when missing)")
    parser.add_argument("--locust-per-user", type=float, default=10.0,
                        help="req/s of each Locust user (constant_throughput); users = rate / this")
    parser.add_argument("--out", help="results folder (default: results/generators/STAMP)")
    parser.add_argument("--union", nargs="+", metavar="FILE",
                        help="only print p50/p99/p99.9 of the union of these files' samples (ms, one a line, "
                             "or vegeta's JSON results)")
    parser.add_argument("--hyperfoil-union", metavar="ALL_JSON",
                        help="only print whether a Hyperfoil all.json's merged percentiles are its agents' union's")
    args = parser.parse_args()
    args.missing, args.shown = None, None
    args.steps = [s for s in args.steps.split(",") if s]
    args.generators = [g for g in args.generators.split(",") if g]
    bad = [s for s in args.steps if s not in ("cost", "max", "latency", "agents")] + [
        g for g in args.generators if g not in ("vegeta", "hyperfoil", "locust")]
    if bad:
        die("unknown step or generator '%s' (steps: cost,max,latency,agents; generators: vegeta,hyperfoil,locust)"
            % bad[0])
    try:
        args.rates = [int(r) for r in args.rates.split(",")]
        args.ladder = [int(r) for r in args.ladder.split(",")]
        parse_ms(args.delay)
    except ValueError as e:
        die("a rate, the ladder or --delay is not a number: %s" % e)
    if args.seconds < args.warm + 2:
        die("--seconds (%d) must be at least --warm + 2 (%.0f)" % (args.seconds, args.warm + 2))
    return args


def print_union(files):
    """Exact percentiles of every sample in files: a latency in ms a line, or vegeta's JSON results
    (vegeta encode -to=json, as the Kubernetes agents of deploy/k8s/load write them); other lines
    (an agent's own words in its log) are counted and left out."""
    samples, errors, other = [], 0, 0
    for name in files:
        try:
            with open(name) as f:
                for line in f:
                    line = line.strip()
                    if line.startswith("{"):
                        result = json.loads(line)
                        samples.append(result["latency"] / 1e6)
                        errors += 0 if 200 <= result.get("code", 0) < 400 else 1
                    elif line:
                        try:
                            samples.append(float(line))
                        except ValueError:
                            other += 1
        except (OSError, ValueError, KeyError) as e:
            die("--union: %s: %s" % (name, e))
    if not samples:
        die("--union: no samples in %s" % ", ".join(files))
    print("union of %d samples (%d not 2xx/3xx, %d other lines left out): p50/p99/p99.9 %s ms" % (
        len(samples), errors, other, fmt(exact_percentiles(samples))))


def print_hyperfoil_union(name):
    try:
        with open(name) as f:
            rows, counts, n = hyperfoil_union_check(json.load(f))
    except (OSError, ValueError, KeyError, StopIteration) as e:
        die("--hyperfoil-union: %s is not a Hyperfoil all.json with a phase 'main' (%s)" % (name, str(e) or type(e).__name__))
    for p, (value, low, high, inside) in rows.items():
        print("p%s merged %.0f union %.0f-%.0f %s" % (("%g" % p), value, low, high, "equal" if inside else "differs"))
    print("requests merged %d, summed over %d agents %d, in their histograms %d" % (counts[0], n, counts[1], counts[2]))


def main():
    args = parse_args()
    if args.union or args.hyperfoil_union:
        if args.union:
            print_union(args.union)
        if args.hyperfoil_union:
            print_hyperfoil_union(args.hyperfoil_union)
        return
    if not os.path.isfile(os.path.join(ROOT, "lab/hosts.sh")):
        die("run from a checkout of the lab (no lab/hosts.sh under %s)" % ROOT)
    resolve_tools(args)
    started = time.time()
    out = args.out or os.path.join(ROOT, "results", "generators", time.strftime("%Y%m%d-%H%M%S", time.gmtime()))
    os.makedirs(out, exist_ok=True)
    table = {}
    steps = {"cost": step_cost, "max": step_max, "latency": step_latency, "agents": step_agents}
    try:
        for step in args.steps:
            steps[step](args, out, table)
    finally:
        print("table: " + write_table(args, out, table, started))


if __name__ == "__main__":
    main()
