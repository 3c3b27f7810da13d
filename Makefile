# ttyrig — the two set-up commands in README.md are `make demo` and `make test`.
GO ?= go
AGENTS_DIR ?= $(HOME)/.cache/ttyrig/agents

.PHONY: demo test vet race replay bench agents test-agents fuzz

## demo: spawn a fixture agent, drive it, print the screens and the readiness timeline
demo:
	$(GO) run ./cmd/ttyrig demo

## test: vet, race tests over everything, and the replay checks (goldens of every recording)
test: vet race replay

vet:
	$(GO) vet ./...

race:
	$(GO) test -race -count=1 -timeout 240s ./...

replay:
	$(GO) test -count=1 -run 'Replay|Calibration|Golden' ./recordings/...

## bench: numbers side by side with the baselines they must beat
bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./...

## agents: install the pinned real agent CLIs from npm into $(AGENTS_DIR)
agents:
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) bash scripts/install-agents.sh

## test-agents: live tests against the real agent CLIs and a loopback fake model
test-agents: agents
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) $(GO) test -count=1 -timeout 900s -tags agents ./agents/...

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime 30s ./recordings/
