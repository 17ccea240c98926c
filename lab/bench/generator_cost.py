#!/usr/bin/env python3
"""CPU per request of the open-model load generators, against a one-worker nginx on loopback.

Each generator offers a constant rate for a while; the CPU its own process used (user + system,
from the kernel's accounting of the finished child) over the requests it completed is its cost per
request. nginx answers "Hello World!" from memory, so the generator is most of what runs.
Run it with nothing else on the machine:

    python3 lab/bench/generator_cost.py --rates 400,800,2000 --seconds 20 \
        --vegeta tools/vegeta-12.13.0/vegeta --oha /path/to/oha

Prints one line per generator and rate: achieved req/s, requests, CPU ms, CPU µs per request.
"""
import argparse
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_nginx(folder, port):
    conf = os.path.join(folder, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  server {{
    listen 127.0.0.1:{port};
    location / {{ return 200 "Hello World!"; }}
  }}
}}
""")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    process = subprocess.Popen([nginx, "-p", folder, "-c", conf, "-g", "daemon off;"])
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    sys.exit("generator_cost: nginx did not listen on 127.0.0.1:%d" % port)


def timed(command, **kwargs):
    """Runs command to its end; returns (its CPU seconds, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit("generator_cost: %s failed: %s" % (command[0], done.stderr.strip()[:300]))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, done.stdout


def vegeta(binary, url, rate, seconds, folder, flags=()):
    results = os.path.join(folder, "vegeta.bin")
    cpu, _ = timed([binary, "attack", "-rate=%d" % rate, "-duration=%ds" % seconds, "-output=" + results]
                   + list(flags), input="GET %s\n" % url)
    report = json.loads(subprocess.run([binary, "report", "-type=json", results], capture_output=True,
                                       text=True, check=True).stdout)
    ok = round(report["requests"] * report["success"])
    return cpu, ok, report["throughput"]


def oha(binary, url, rate, seconds, folder):
    cpu, out = timed([binary, "-z", "%ds" % seconds, "-q", str(rate), "--latency-correction", "--no-tui",
                      "--output-format", "json", "-c", "10", url])
    report = json.loads(out)
    ok = sum(report.get("statusCodeDistribution", {}).values())
    return cpu, ok, report["summary"]["requestsPerSec"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="400,800,2000")
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--vegeta")
    parser.add_argument("--oha")
    parser.add_argument("--vegeta-flags", default="-max-body=0",
                        help="more vegeta attack flags, as the lab passes them (default: %(default)s)")
    args = parser.parse_args()
    flags = args.vegeta_flags.split()
    generators = [(name, fn, path) for name, fn, path in
                  (("vegeta", lambda *a: vegeta(*a, flags=flags), args.vegeta), ("oha", oha, args.oha)) if path]
    if not generators:
        sys.exit("generator_cost: name at least one generator (--vegeta PATH, --oha PATH)")
    folder = tempfile.mkdtemp(prefix="generator-cost-")
    port = free_port()
    nginx = start_nginx(folder, port)
    url = "http://127.0.0.1:%d/" % port
    try:
        print("generator  rate  achieved  requests  cpu_ms  cpu_us_per_request")
        for rate in [int(r) for r in args.rates.split(",")]:
            for name, fn, path in generators:
                cpu, ok, achieved = fn(path, url, rate, args.seconds, folder)
                print("%-9s %5d %9.1f %9d %7.0f %8.1f" % (name, rate, achieved, ok, cpu * 1000,
                                                        cpu * 1e6 / max(ok, 1)), flush=True)
    finally:
        nginx.terminate()
        nginx.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
