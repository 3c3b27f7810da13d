# ttyrig — the two set-up commands in README.md are `make demo` and `make test`.
GO ?= go
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
AGENTS_DIR ?= $(HOME)/.cache/ttyrig/agents

.PHONY: demo test tools vet race replay bench agents test-agents record-agents fuzz

## demo: drive a fixture agent, print its screens and readiness timeline, save and replay the recording
demo:
	$(GO) run ./cmd/ttyrig demo

## test: vet, race tests over everything, and the replay checks (goldens of every recording)
test: tools vet race replay

## tools: the programs the tests drive in real PTYs (python3, sqlite3, bc, dash, zsh, fish), from Debian when missing
TOOLS := python3 sqlite3 bc dash zsh fish
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
tools:
	@missing=""; for p in $(TOOLS); do command -v $$p >/dev/null || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q $$missing; fi

vet:
	$(GO) vet ./...
	$(GO) vet -tags agents ./agents/

race: tools
	$(GO) test -race -count=1 -timeout 240s ./...

## replay: every recording replayed on a virtual clock against its golden timeline and calibration table
replay:
	$(GO) test -count=1 -v -run 'Replay|Calibration' ./recordings/ ./cmd/ttyrig/ | grep -E '^(=== RUN|--- |ok|FAIL|PASS)'

## bench: numbers side by side with the baselines they must beat
bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./...

## agents: install the pinned real agent CLIs from npm into $(AGENTS_DIR)
agents:
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) bash scripts/install-agents.sh

## test-agents: live tests of the real agent CLIs against a loopback fake model
test-agents: agents
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) TTYRIG_REQUIRE_AGENTS=1 $(GO) test -count=1 -v -timeout 600s -tags agents ./agents/

## record-agents: re-record recordings/agents/*.cast from the real CLIs (then: go test ./recordings -update)
record-agents: agents
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) TTYRIG_REQUIRE_AGENTS=1 TTYRIG_RECORD=1 $(GO) test -count=1 -timeout 600s -tags agents ./agents/

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime 30s ./recordings/
	$(GO) test -run '^$$' -fuzz FuzzScreen -fuzztime 30s ./screen/
