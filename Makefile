# LinksMate — two commands on a fresh machine:
#   make run    installs what it needs and starts the whole platform (embedded), with demo data
#   make test   installs what it needs and runs every test tier
SHELL := /bin/bash
.DEFAULT_GOAL := help
export npm_config_fund := false
export npm_config_audit := false
export npm_config_update_notifier := false

# Every recipe runs on the Node.js pinned in .nvmrc: the machine's own when it is that one, else the
# same version from the npm registry in .tools/node (tools/scripts/ensure-node.sh says which).
NODE_BIN := $(shell bash tools/scripts/ensure-node.sh)
ifneq ($(.SHELLSTATUS),0)
$(error Node.js $(shell cat .nvmrc) is needed and could not be installed; see the line above)
endif
ifneq ($(NODE_BIN),)
export PATH := $(NODE_BIN):$(PATH)
endif

WEB_SOURCES := $(shell find web/src web/index.html web/vite.config.ts web/public -type f 2>/dev/null)

.PHONY: help install run dev backup restore test lint typecheck unit fuzz cluster-test e2e bench up down k8s envoy-gateway system-deps clean

help:
	@echo "make run     start LinksMate on http://localhost:8080 (embedded PostgreSQL, demo data)"
	@echo "make dev     make run from the TypeScript sources, restarted when a source changes (web: npm run dev -w web)"
	@echo "make backup  one archive of the embedded run's databases, uploads and queued events (ARCHIVE=path)"
	@echo "make restore ARCHIVE=path  bring an archive back into an empty DATA_DIR (FORCE=1 replaces its data)"
	@echo "make test    lint, type check, unit/API/integration tests, infrastructure checks, browser tests"
	@echo "make fuzz    malformed requests to every documented API operation (FUZZ_SEED, FUZZ_RUNS)"
	@echo "make cluster-test  two gateways and two replicas of each service: kills, a RabbitMQ cut, a database cut"
	@echo "make e2e     browser and make-run tests only"
	@echo "make bench   benchmarks (event latency, gateway overhead, embedded start-up)"
	@echo "make up      the distributed stack with docker compose (needs a Docker engine)"
	@echo "make k8s     apply the dev overlay to the current kubectl context (installs Envoy Gateway)"

# Install only when a manifest or the lockfile changed since the last install. `npm install`
# keeps to the lockfile; `npm ci` would refuse it for lacking optional Biome binaries of other
# platforms, which the registry mirror here does not carry.
node_modules/.install-stamp: .nvmrc package.json package-lock.json $(wildcard */package.json services/*/package.json)
	npm install
	@touch $@

install: node_modules/.install-stamp

web/dist/index.html: node_modules/.install-stamp $(WEB_SOURCES)
	npm run build -w web

# glibc's malloc (Linux) otherwise keeps what seeding freed: an arena per thread (libvips', the
# argon2 hashing pool's) and large buffers (argon2's 19 MiB, pictures) kept for reuse instead of
# given back; about 80 MB the run would hold for as long as it runs. Other platforms ignore these.
run: install web/dist/index.html
	MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 npm start

# Watch mode: the embedded run from its TypeScript sources, restarted by node's watch mode when a server
# source changes. Node waits for the old process to exit, so each restart stops the services and
# PostgreSQL gracefully (as Ctrl+C does) and keeps the data (tsx's own watch kills after 5 s, which
# can leave PostgreSQL running). The web app is served from its last build: run `npm run dev -w web`
# beside it for Vite's hot reload on :5173 (it proxies the API and sockets to :8080).
WATCHED = proto/src platform/src gateway/src services tools/src
dev: install web/dist/index.html
	MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node $(addprefix --watch-path=,$(WATCHED)) \
		--watch-preserve-output --import tsx tools/src/embedded/main.ts

# The run's data folder (DATA_DIR, default .data) into backups/linksmate-<UTC time>.tar.gz, or ARCHIVE;
# a running `make run` is backed up live, through its control endpoint.
backup: install
	@npm run --silent backup -- $(if $(ARCHIVE),"$(ARCHIVE)")

restore: install
	@test -n "$(ARCHIVE)" || { echo "Usage: make restore ARCHIVE=backups/linksmate-….tar.gz [FORCE=1]"; exit 2; }
	@FORCE="$(FORCE)" npm run --silent restore -- "$(ARCHIVE)"

system-deps:
	@bash tools/scripts/ensure-system-deps.sh

lint: install
	npm run lint

typecheck: install
	npm run typecheck

unit: install
	npx vitest run

# Every documented API operation gets malformed paths, queries and bodies; any 5xx fails.
fuzz: install
	npx vitest run --config tools/fuzz/vitest.config.ts

# The replica tier: the bundles (built by its setup) as 14 processes on the test PostgreSQL and RabbitMQ.
cluster-test: install
	npx vitest run --config tools/cluster/vitest.config.ts

e2e: install web/dist/index.html system-deps
	npx vitest run --config e2e/vitest.config.ts

test: install system-deps lint typecheck unit fuzz cluster-test e2e

bench: install web/dist/index.html
	npx tsx tools/src/bench/main.ts

COMPOSE ?= docker compose
K8S_LOAD ?= true
# The edge's implementation (k8s/components/envoy-gateway); its chart also installs the Gateway API CRDs.
ENVOY_GATEWAY_VERSION ?= v1.9.0

up:
	$(COMPOSE) -p linksmate up -d --build --wait
	@echo "LinksMate: http://localhost:8080  ·  Mail: http://localhost:8025  ·  RabbitMQ: http://localhost:15672"

down:
	$(COMPOSE) -p linksmate down --remove-orphans

# Envoy Gateway (controller and CRDs, with helm) and its GatewayClass, once per cluster; repeating
# it upgrades to ENVOY_GATEWAY_VERSION.
envoy-gateway:
	helm upgrade --install eg oci://docker.io/envoyproxy/gateway-helm --version $(ENVOY_GATEWAY_VERSION) \
		-n envoy-gateway-system --create-namespace --wait
	kubectl apply -f k8s/cluster/gatewayclass.yaml

# Builds the image, loads it into the cluster (K8S_LOAD="kind load docker-image" or
# "minikube image load"), installs the edge, applies the dev overlay and waits for the rollout.
k8s: envoy-gateway
	docker build -t linksmate/app:dev .
	docker build --target devtools -t linksmate/devtools:dev .
	$(K8S_LOAD) linksmate/app:dev
	$(K8S_LOAD) linksmate/devtools:dev
	kubectl apply -k k8s/overlays/dev
	kubectl -n linksmate rollout status statefulset/postgres --timeout=300s
	kubectl -n linksmate rollout status statefulset/rabbitmq --timeout=300s
	kubectl -n linksmate rollout status deployment -l app.kubernetes.io/part-of=linksmate --timeout=300s

clean:
	rm -rf web/dist .artifacts
