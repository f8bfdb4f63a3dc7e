# Manna: two commands for a newcomer.
#   make run   installs what is missing, builds, and serves the app on http://127.0.0.1:8080
#   make test  installs what is missing (Chromium included) and runs every test
# Also: make bench (speed and size figures), make lint.

SHELL := /bin/bash
.DEFAULT_GOAL := run

WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
WASM_TARGET := wasm32-unknown-unknown
WASM_OUT := pwa/src/wasm/pkg
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CHROMIUM := /usr/bin/chromium

export MANNA_PORT ?= 8080
export MANNA_DATA_DIR ?= ./data
# `make run` is a local server: test mode and the email outbox. The server's
# own default is production, which needs real Stripe and SMTP settings.
export MANNA_ENV ?= development

.PHONY: run test bench soak lint lint-code lint-wasm lint-app types setup-rust setup-chromium setup-chromium-shell setup-study-texts setup-place-tools setup-postgres setup-nginx cluster node-deps wasm pwa server

## ---- installs (each step skips itself when already done) ----

setup-rust:
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
		echo "Installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
		cargo install --force --locked wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) \
		|| { echo "Its locked dependencies are not all in the registry; installing with the newest compatible ones"; \
		     cargo install --force wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); }; \
	fi

pwa/node_modules/.package-lock.json: pwa/package-lock.json
	cd pwa && npm ci --no-audit --no-fund

tests/node_modules/.package-lock.json: tests/package-lock.json
	cd tests && npm ci --no-audit --no-fund

node-deps: pwa/node_modules/.package-lock.json tests/node_modules/.package-lock.json

# Chromium, and its headless shell, which the end-to-end tests use where they
# need no push service (it takes about two thirds of the processor time).
setup-chromium:
	@[ -x $(CHROMIUM) ] || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium; }

setup-chromium-shell: setup-chromium
	@[ -x $(CHROMIUM)-headless-shell ] || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium-headless-shell; }

# The public-domain study texts the Bible studies are checked against, and
# the reader for them (tests/content/study.test.mjs).
STUDY_PACKAGES := sword-text-kjv sword-text-web sword-dict-strongs-greek sword-dict-strongs-hebrew sword-comm-mhcc sword-comm-tdavid sword-comm-scofield sword-dict-naves diatheke
setup-study-texts:
	@dpkg-query -W -f '$${Status}\n' $(STUDY_PACKAGES) 2>/dev/null | grep -c '^install ok installed' | grep -qx $(words $(STUDY_PACKAGES)) \
		|| { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends $(STUDY_PACKAGES); }

# osmium (Debian's osmium-tool) writes the OpenStreetMap extracts the place
# import is tested on (server/tests/it/places.rs).
setup-place-tools:
	@command -v osmium >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends osmium-tool; }

# PostgreSQL (Debian's), for the tests of the shared store and `make cluster`.
setup-postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends postgresql; }

# nginx (Debian's), the load balancer of `make cluster`.
setup-nginx:
	@[ -x /usr/sbin/nginx ] || { $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends nginx-light; }

## ---- builds ----

# Six modules from manna-core: the core the first screen needs, the records'
# checks, id and defaults that the app loads once the first screen is up,
# the tools (timers, weight, plans, shopping lists) that only some pages load, the
# entitlement checks that only a device with an entitlement loads, the
# groups' rules that only the groups' pages load, and the journal's lock
# that only a locked journal loads.
WASM_BINDGEN_FLAGS := --target web --remove-name-section --remove-producers-section --out-dir $(WASM_OUT)
wasm: setup-rust
	cargo build --profile wasm -p manna-core --target $(WASM_TARGET)
	wasm-bindgen $(WASM_BINDGEN_FLAGS) target/$(WASM_TARGET)/wasm/manna_core.wasm
	cargo build --profile wasm -p manna-core --target $(WASM_TARGET) --features records
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-name manna_records target/$(WASM_TARGET)/wasm/manna_core.wasm
	cargo build --profile wasm -p manna-core --target $(WASM_TARGET) --features tools
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-name manna_tools target/$(WASM_TARGET)/wasm/manna_core.wasm
	cargo build --profile wasm -p manna-core --target $(WASM_TARGET) --features search
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-name manna_search target/$(WASM_TARGET)/wasm/manna_core.wasm
	cargo build --profile wasm -p manna-core --target $(WASM_TARGET) --features premium
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-name manna_premium target/$(WASM_TARGET)/wasm/manna_core.wasm
	cargo build --profile wasm -p manna-core --target $(WASM_TARGET) --features groups
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-name manna_groups target/$(WASM_TARGET)/wasm/manna_core.wasm
	cargo build --profile wasm -p manna-core --target $(WASM_TARGET) --features journal
	wasm-bindgen $(WASM_BINDGEN_FLAGS) --out-name manna_journal target/$(WASM_TARGET)/wasm/manna_core.wasm

pwa: wasm node-deps
	cd pwa && npm run build

server:
	cargo build --release -p manna-server -p manna-stripe-emulator

## ---- the two commands ----

# Without STRIPE_SECRET_KEY, payments go to the local Stripe emulator (test
# mode: pay with 4242 4242 4242 4242); it stops with the server.
EMULATOR_PORT ?= 12111
run: pwa server
	@if [ -z "$$STRIPE_SECRET_KEY" ]; then \
		echo "Test mode: payments go to the Stripe emulator on http://127.0.0.1:$(EMULATOR_PORT)"; \
		EMULATOR_PORT=$(EMULATOR_PORT) EMULATOR_WEBHOOK_URL=http://127.0.0.1:$(MANNA_PORT)/api/stripe/webhook \
			./target/release/manna-stripe-emulator & emulator=$$!; \
		trap 'kill $$emulator 2>/dev/null' EXIT INT TERM; \
		STRIPE_API_BASE=http://127.0.0.1:$(EMULATOR_PORT) ./target/release/manna-server; \
	else \
		./target/release/manna-server; \
	fi

# Two replicas on PostgreSQL behind nginx, on http://127.0.0.1:8080 (the
# database in ./data/pg); see the README's "Replicas on PostgreSQL".
cluster: pwa server setup-postgres setup-nginx
	sh server/cluster/run.sh

# The app's TypeScript types, written from the Rust types (commit the result).
types:
	cargo run -q -p manna-server --example gen_types

lint: lint-code
	cargo run -q -p manna-server --example gen_types -- --check

# Everything of lint but the types' check, which make test runs with the
# example the test build makes (a build of its own costs minutes).
lint-code: lint-wasm lint-app
	cargo fmt --all --check
	$(STAGE) "clippy" cargo clippy --workspace --all-targets -- -D warnings

# Clippy on the core as the app's wasm modules build it (it needs no
# build of them).
lint-wasm: setup-rust
	$(STAGE) "clippy for wasm" sh -c 'cargo clippy -p manna-core -p manna-sync-protocol --target $(WASM_TARGET) -- -D warnings \
		&& cargo clippy -p manna-core --features records --target $(WASM_TARGET) -- -D warnings \
		&& cargo clippy -p manna-core --features tools --target $(WASM_TARGET) -- -D warnings \
		&& cargo clippy -p manna-core --features search --target $(WASM_TARGET) -- -D warnings \
		&& cargo clippy -p manna-core --features premium --target $(WASM_TARGET) -- -D warnings \
		&& cargo clippy -p manna-core --features groups --target $(WASM_TARGET) -- -D warnings \
		&& cargo clippy -p manna-core --features journal --target $(WASM_TARGET) -- -D warnings'

lint-app: wasm node-deps
	cd pwa && $(STAGE) "app types and lint" sh -c 'npm run typecheck && npm run lint'

STAGE := sh $(CURDIR)/tests/stage.sh

# make test lints the workspace's own crates while compiling them for the
# tests: clippy's driver stands in for rustc on them, as `cargo clippy` has it
# do, with every warning an error. Each crate is compiled once, where a
# separate `cargo clippy` would check every dependency first and the build
# compile them again. Every cargo command of make test runs with it, so none
# rebuilds what another built.
# Many server tests wait (on a deadline, a slow fake push service, a queue):
# twice as many run at once as there are cores keep both busy.
# The wasm modules build while npm installs the app's packages, with clippy's
# driver too: the build of each module lints the core and the protocol as the
# browser's target has them (what `make lint-wasm` checks on its own). They,
# and then the app's checks and build (Node), run beside the Rust build, whose
# longest crates leave a core idle (the two builds take separate locks, as
# their profiles differ). The PostgreSQL suite leaves part of a core idle (it
# waits on the database), and so does schemathesis (it waits on the server),
# so those two run side by side. Vitest and the content checks run side by
# side too: each waits at its start (Vitest reading its files, the content
# checks reading the Bible modules). Two cargo commands of one profile never run at
# once, as they would wait on each other's lock.
TEST_THREADS := $(shell echo $$(( $$(nproc) * 2 )))

# The end-to-end files, four at a time (three left a tenth of the machine
# idle: the tests wait on the app's timers and the network as well as on
# Chromium), the longest first, so that no long file starts last and runs on
# alone. Files not named here follow, in the order of their names.
E2E_LONGEST := members quality-dark plans tabs titles groups timer-reloads premium \
	sync-badge quality archive-drift notifications read records refused journal-lock
E2E_FIRST := $(E2E_LONGEST:%=e2e/%.test.mjs)
# A test file that hangs (a wait with no end of its own) fails after ten
# minutes, naming itself, instead of holding the run: the longest file takes
# about two.
E2E_TEST_TIMEOUT_MS := 600000
E2E_FILES := $(E2E_FIRST) $(filter-out $(E2E_FIRST),$(patsubst tests/%,%,$(wildcard tests/e2e/*.test.mjs)))

LINTING = RUSTC_WORKSPACE_WRAPPER=$$(rustc --print sysroot)/bin/clippy-driver CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
# A fresh build has nothing to reuse: without the incremental caches' writing,
# the workspace's crates compile in about four fifths of the time, and without
# the line tables of their backtraces (a failing test still names the file and
# line of its assertion) in three quarters of that.
TEST_BUILD = $(LINTING) CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=false

test: setup-chromium-shell setup-study-texts setup-place-tools setup-postgres setup-nginx setup-rust
	cargo fmt --all --check
	sh tests/side-by-side.sh \
		'$(STAGE) "wasm modules and clippy for wasm, app packages" env $(TEST_BUILD) $(MAKE) --no-print-directory -j2 --output-sync=target wasm node-deps \
			&& cd pwa && $(STAGE) "app types and lint" sh -c "npm run typecheck && npm run lint" && $(STAGE) "app build" npm run build \
			&& $(STAGE) "sizes within their budgets" node ../tests/bench/sizes.mjs --budgets' \
		'$(STAGE) "Rust build and clippy, Rust tests on SQLite" env $(TEST_BUILD) RUST_TEST_THREADS=$(TEST_THREADS) cargo test --workspace -- --skip replicas:: --skip cluster::'
	$(STAGE) "generated types" ./target/debug/examples/gen_types --check
	$(STAGE) "server and tools build" env $(TEST_BUILD) cargo build --workspace --all-targets
	sh tests/side-by-side.sh \
		'$(STAGE) "server tests on PostgreSQL" env $(TEST_BUILD) RUST_TEST_THREADS=$(TEST_THREADS) sh tests/postgres/suite.sh' \
		'$(STAGE) "schemathesis" bash tests/api/schemathesis.sh $(CURDIR)/target/debug/manna-server $(CURDIR)/target/debug/manna-stripe-emulator'
	cd tests && cache=$$(mktemp -d) && trap 'rm -rf "$$cache"' EXIT && sh side-by-side.sh \
		'cd ../pwa && $(STAGE) "Vitest" npm test' \
		"MANNA_SWORD_CACHE=$$cache $(STAGE) content node --test --test-concurrency=2 content/"
	cd tests && MANNA_SERVER_BIN=$(CURDIR)/target/debug/manna-server MANNA_EMULATOR_BIN=$(CURDIR)/target/debug/manna-stripe-emulator $(STAGE) "end to end" node --test --test-concurrency=4 --test-timeout=$(E2E_TEST_TIMEOUT_MS) $(E2E_FILES)

## ---- figures (not part of make test) ----

tests/bench/node_modules/.package-lock.json: tests/bench/package-lock.json
	cd tests/bench && npm ci --no-audit --no-fund

bench: setup-chromium setup-postgres setup-nginx pwa server tests/node_modules/.package-lock.json tests/bench/node_modules/.package-lock.json
	bash tests/bench/bench.sh

# Many more seeded runs of the sync simulations (a person's devices, and groups' members) than make test does (in process
# on both engines, and over HTTP through two replicas behind nginx), then the
# release server under load, killed with SIGKILL mid-write, and restored from a
# backup (server/examples/soak/ prints the figures and their targets).
soak: server setup-postgres setup-nginx
	SIM_RUNS=$${SIM_RUNS:-100000} cargo test --release -p manna-server --test it simulation::seeded
	GROUP_SIM_RUNS=$${GROUP_SIM_RUNS:-20000} cargo test --release -p manna-server --test it group_simulation::seeded
	SIM_RUNS=$${PG_SIM_RUNS:-20000} GROUP_SIM_RUNS=$${PG_GROUP_SIM_RUNS:-200} CARGO_PROFILE=--release SUITE_FILTER=simulation::seeded sh tests/postgres/suite.sh
	CLUSTER_RUNS=$${CLUSTER_RUNS:-50} CARGO_PROFILE=--release SUITE_FILTER=cluster:: SUITE_ARGS=--nocapture sh tests/postgres/suite.sh
	cargo build --release -q -p manna-server --example soak
	MANNA_SERVER_BIN=$(CURDIR)/target/release/manna-server ./target/release/examples/soak
