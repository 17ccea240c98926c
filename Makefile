# Gateway Performance Lab: every target a user can run. `make help` lists them.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

MVNW := ./mvnw -B
JAVA ?= java
APPS := business-service auth-service gateway
JARS := $(foreach app,$(APPS),$(app)/target/$(app).jar) lab/target/lab.jar
SOURCES := pom.xml $(shell find $(APPS) app-support lab -path '*/target' -prune -o -type f -print)
LAB := $(JAVA) -jar lab/target/lab.jar

# Knobs (override on the command line: make gateway-test AUTH_CLIENT=blocking DURATION=30s)
PROFILES ?=
AUTH_CLIENT ?= reactive
AUTH_LATENCY ?= 1ms
THREADS ?= 5
CONNECTIONS ?= 10
TIMEOUT ?= 10s
DURATION ?= 60s
REPEAT ?= 1
WARMUP_MAX ?= 120s
JAVA_OPTS ?= -Xms1g -Xmx1g
GATEWAY_JAVA_OPTS ?=
HEALTH_TIMEOUT ?= 120
ONLY ?=
FAULTS ?=
SCENARIOS ?= lab/scenarios.yml
RUN ?= results/latest
OUT ?= docs/images
CHARTS ?=
FLAME_THREADS ?=
PROFILER ?= async
EVENT ?= cpu
PROFILE ?= none
RUNTIME ?= local
COMPOSE_FILES ?= docker-compose.yml
BASE_IMAGE ?= eclipse-temurin:17-jre
JPROFILER_VERSION ?=
COMPOSE ?= $(shell docker compose version >/dev/null 2>&1 && echo "docker compose" || echo "docker-compose --compatibility")
comma := ,
# RUNTIME=compose: the images are built (or found up to date) before anything runs
RUNTIME_DEPS = $(JARS) $(if $(filter compose,$(RUNTIME)),images)

SYSTEM_ARGS = --auth-latency "$(AUTH_LATENCY)" --java-opts "$(JAVA_OPTS)" --gateway-java-opts "$(GATEWAY_JAVA_OPTS)" \
	--health-timeout "$(HEALTH_TIMEOUT)" \
	--runtime "$(RUNTIME)" --compose-files "$(COMPOSE_FILES)"
RUN_ARGS = $(SYSTEM_ARGS) --threads "$(THREADS)" --connections "$(CONNECTIONS)" --timeout "$(TIMEOUT)" \
	--duration "$(DURATION)" --repeat "$(REPEAT)" --warmup-max "$(WARMUP_MAX)" --faults "$(FAULTS)"

.PHONY: help build images lab baseline gateway-test profile sweep report charts up down test clean

help: ## List every target with one line each
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo "  knobs (defaults): THREADS=$(THREADS) CONNECTIONS=$(CONNECTIONS) TIMEOUT=$(TIMEOUT) DURATION=$(DURATION) REPEAT=$(REPEAT)"
	@echo "    WARMUP_MAX=$(WARMUP_MAX) AUTH_LATENCY=$(AUTH_LATENCY) AUTH_CLIENT=$(AUTH_CLIENT) PROFILES=$(PROFILES) ONLY=$(ONLY)"
	@echo "    FAULTS='20s:latency=20ms 40s:latency=1ms' (auth-service faults at offsets into each measured window)"
	@echo "    SCENARIOS=$(SCENARIOS) (make lab SCENARIOS=lab/scenarios-threads.yml JAVA=<JDK 21+>/bin/java: the four auth clients)"
	@echo "    PROFILER=$(PROFILER) EVENT=$(EVENT) PROFILE=$(PROFILE) (make lab PROFILE=async profiles every gateway rung)"
	@echo "    JAVA_OPTS='$(JAVA_OPTS)' GATEWAY_JAVA_OPTS='$(GATEWAY_JAVA_OPTS)' HEALTH_TIMEOUT=$(HEALTH_TIMEOUT) RUN=$(RUN)"
	@echo "    RUNTIME=$(RUNTIME) (local or compose) COMPOSE_FILES=$(COMPOSE_FILES) BASE_IMAGE=$(BASE_IMAGE)"

build: $(JARS) ## Build the three apps and the lab runner (no tests)

$(JARS) &: $(SOURCES)
	$(MVNW) -q -DskipTests package

images: $(JARS) ## The three app images for RUNTIME=compose, from the jars (BASE_IMAGE=eclipse-temurin:17-jre)
	BASE_IMAGE="$(BASE_IMAGE)" JPROFILER_VERSION="$(JPROFILER_VERSION)" $(COMPOSE) -p perflab $(foreach f,$(subst $(comma), ,$(COMPOSE_FILES)),-f $(f)) build business-service auth-service gateway

lab: $(RUNTIME_DEPS) ## The whole scenario ladder of lab/scenarios.yml into one report (ONLY=baseline,reactive to pick rungs)
	$(LAB) lab --scenarios "$(SCENARIOS)" --only "$(ONLY)" --profiler "$(PROFILE)" --event "$(EVENT)" $(RUN_ARGS)

baseline: $(RUNTIME_DEPS) ## wrk against business-service /hello directly: the ceiling
	$(LAB) baseline $(RUN_ARGS)

gateway-test: $(RUNTIME_DEPS) ## wrk against the gateway route (AUTH_CLIENT=blocking|offloaded|reactive|virtual PROFILES=...)
	$(LAB) gateway-test --auth-client "$(AUTH_CLIENT)" --profiles "$(PROFILES)" $(RUN_ARGS)

profile: $(RUNTIME_DEPS) ## gateway-test plus a profiled window: PROFILER=async (flamegraph.html, hotspots.md; EVENT=cpu|wall|lock|alloc), jfr or jprofiler (agent on 127.0.0.1:38849)
	$(LAB) profile --profiler "$(PROFILER)" --event "$(EVENT)" --auth-client "$(AUTH_CLIENT)" --profiles "$(PROFILES)" $(RUN_ARGS)

sweep: $(RUNTIME_DEPS) ## Auth latency (0, 1, 5, 20 ms) x auth client, with the bound a blocked event loop allows
	$(LAB) sweep --scenarios "$(SCENARIOS)" $(RUN_ARGS)

report: lab/target/lab.jar ## Write report.md and report.html again from a results folder (RUN=results/latest)
	$(LAB) report --run "$(RUN)"

charts: lab/target/lab.jar ## PNG files of a run's charts and flame graphs for documents, drawn by headless Chromium (RUN=results/latest OUT=docs/images CHARTS=rps,cpu-1,flamegraph)
	$(LAB) charts --run "$(RUN)" --out "$(OUT)" --only "$(CHARTS)" --flame-threads "$(FLAME_THREADS)"

up: $(RUNTIME_DEPS) ## Start the three apps on 127.0.0.1 and send one request through the gateway (PROFILES=blocking ...)
	$(LAB) up --profiles "$(PROFILES)" $(SYSTEM_ARGS)

down: lab/target/lab.jar ## Stop the apps that make up started (by pid, nothing else)
	$(LAB) down

test: ## Run every test: unit tests and the real apps on loopback ports
	$(MVNW) verify

clean: ## Remove build output (results/ is kept)
	$(MVNW) -q clean
