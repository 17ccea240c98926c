# Gateway Performance Lab: every target a user can run. `make help` lists them.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

MVNW := ./mvnw -B
JAVA ?= java
APPS := business-service auth-service gateway
JARS := $(foreach app,$(APPS),$(app)/target/$(app).jar) lab/target/lab.jar
SOURCES := pom.xml $(shell find $(APPS) lab -path '*/target' -prune -o -type f -print)
LAB := $(JAVA) -jar lab/target/lab.jar

# Knobs (override on the command line: make up PROFILES=blocking,log-quiet)
PROFILES ?=
AUTH_LATENCY ?= 1ms
JAVA_OPTS ?= -Xms1g -Xmx1g
HEALTH_TIMEOUT ?= 120

.PHONY: help build up down test clean

help: ## List every target with one line each
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'
	@echo "  knobs: PROFILES=$(PROFILES) AUTH_LATENCY=$(AUTH_LATENCY) JAVA_OPTS='$(JAVA_OPTS)' HEALTH_TIMEOUT=$(HEALTH_TIMEOUT)"

build: $(JARS) ## Build the three apps and the lab runner (no tests)

$(JARS) &: $(SOURCES)
	$(MVNW) -q -DskipTests package

up: $(JARS) ## Start the three apps on 127.0.0.1 and send one request through the gateway (PROFILES=blocking ...)
	$(LAB) up --profiles "$(PROFILES)" --auth-latency "$(AUTH_LATENCY)" --java-opts "$(JAVA_OPTS)" --health-timeout "$(HEALTH_TIMEOUT)"

down: lab/target/lab.jar ## Stop the apps that make up started (by pid, nothing else)
	$(LAB) down

test: ## Run every test: unit tests and the real apps on loopback ports
	$(MVNW) verify

clean: ## Remove build output (results/ is kept)
	$(MVNW) -q clean
