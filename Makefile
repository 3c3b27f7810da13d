# ttyrig — the two set-up commands in README.md are `make demo` and `make test`.
GO ?= go
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
AGENTS_DIR ?= $(HOME)/.cache/ttyrig/agents
CORPUS_DIR ?= $(HOME)/.cache/ttyrig/corpus
NPM_DIR ?= $(HOME)/.cache/ttyrig/npm

.PHONY: demo test tools vet race load replay bench agents test-agents record-agents corpus record-corpus fuzz browser examples equivalence

## demo: drive a fixture agent, print its screens and readiness timeline, save and replay the recording
demo:
	$(GO) run ./cmd/ttyrig demo

## test: the programs the tests drive, vet, race tests over everything (the replay checks, goldens of every recording,
## among them: make replay runs the same tests without -race), the equivalence checks in full and the examples
test: tools vet race equivalence examples

## equivalence: a cache or shortcut of the engine changes no decision, and a part's check holds (…OnEveryRecording, …ReadsAsFresh), on every recording in the repository, without
## -race (under it they take every fourth recording: replays on one goroutine, five to ten times slower there)
EQUIVALENCE := ChangesNoDecision|ChangeNoDecision|HoldOnEveryRow|ReadsRulesOnce|DecidesAsAReplay|OnEveryRecording|ReadsAsFresh
equivalence:
	$(GO) test -count=1 -run '$(EQUIVALENCE)' ./ready/ ./recordings/

## tools: the programs the tests drive in real PTYs (python3, sqlite3, bc, dash, zsh, fish, tmux), from Debian when missing
TOOLS := python3 sqlite3 bc dash zsh fish tmux
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
tools:
	@missing=""; for p in $(TOOLS); do command -v $$p >/dev/null || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q $$missing; fi

vet:
	$(GO) vet ./...
	$(GO) vet -tags agents ./agents/

## race: every package under -race; the timeout is a hang guard (alone at load 10, screen's tests take 73 s and
## recordings' 118 s; beside two busy loops and the other package go test runs at once, both ran past 240 s)
## The longest packages are listed first so go test starts them first: in path order they started last, with
## every other package already done, and the run waited on them alone (docs/LOAD.md).
RACE_FIRST := ./recordings ./screen ./trace ./termtest ./ready ./cmd/ttyrig
race: tools
	$(GO) test -race -count=1 -timeout 600s $(RACE_FIRST) ./...

## load: the load tests at the issue's size (64 shells × 20 Submits; floods, 5 rounds: nine waits in ten of each
## kind within their bound + 100 ms, every one within + 750 ms), ten runs under -race beside two busy-looping
## processes (docs/LOAD.md); make test runs them smaller
LOAD_RUNS ?= 10
LOAD_BIN ?= $(or $(TMPDIR),/tmp)/ttyrig-load.test
load:
	@$(GO) test -race -c -o $(LOAD_BIN) ./termtest
	@sh -c 'while :; do :; done' & a=$$!; sh -c 'while :; do :; done' & b=$$!; trap "kill $$a $$b" EXIT; \
	for i in $$(seq $(LOAD_RUNS)); do echo "load run $$i of $(LOAD_RUNS): $$(cut -d' ' -f1-3 /proc/loadavg)"; \
		TTYRIG_LOAD=1 $(LOAD_BIN) -test.run 'TestSubmitUnderLoad|TestWaitsUnderFlood' -test.count=1 -test.v -test.timeout 600s \
		| grep -E '^(--- |ok|FAIL)|Submits:|terminal [0-9]+ of|late |took [0-9.]+s|margin|percentile' || exit 1; done

## replay: every recording replayed on a virtual clock against its golden timeline and calibration table
replay:
	$(GO) test -count=1 -v -run 'Replay|Calibration' ./recordings/ ./cmd/ttyrig/ ./corpus/ | grep -E '^(=== RUN|--- |ok|FAIL|PASS)'

## examples: the examples module a newcomer copies (bash, python3, vim, less, bubbletea, an npm prompt);
## installs vim and less (apt) and @inquirer/select (npm, into $(NPM_DIR)) when missing
examples:
	@command -v vim >/dev/null && command -v less >/dev/null || (apt-get update -qq && apt-get install -y -qq vim less)
	@test -d $(NPM_DIR)/node_modules/@inquirer/select || npm install --no-audit --no-fund --prefix $(NPM_DIR) @inquirer/select@5.3.0
	cd examples && $(GO) vet ./... && TTYRIG_NPM_DIR=$(NPM_DIR) $(GO) test -count=1 -timeout 240s ./...

## bench: numbers side by side with the baselines they must beat (interleaved pairs, medians with spread), written to docs/BENCHMARKS.md
bench:
	GO=$(GO) bash benchmarks/run.sh

## agents: install the pinned real agent CLIs from npm into $(AGENTS_DIR)
agents:
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) bash scripts/install-agents.sh

## test-agents: live tests of the real agent CLIs against a loopback fake model
test-agents: agents
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) TTYRIG_REQUIRE_AGENTS=1 $(GO) test -count=1 -v -timeout 1800s -tags agents ./agents/

## record-agents: re-record recordings/agents/*.cast and recordings/agents/generic/*.cast from the real CLIs
## (then: go test ./recordings ./agents -update, and read the diffs)
record-agents: agents
	TTYRIG_AGENTS_DIR=$(AGENTS_DIR) TTYRIG_REQUIRE_AGENTS=1 TTYRIG_RECORD=1 $(GO) test -count=1 -timeout 1800s -tags agents ./agents/

## corpus: real programs on real libraries (npm: inquirer, clack, ink, listr2, blessed, terminal-kit...; Go: bubbletea/huh/
## survey/promptui/tview/go-prompt/pterm, gum; Python: prompt_toolkit, urwid, curses, IPython...; Debian tools: dialog,
## vim, htop, gdb, irb, fzf...) driven live, scored
## against their own ground truth; installs what is missing (npm into $(CORPUS_DIR), apt packages)
corpus:
	TTYRIG_CORPUS_DIR=$(CORPUS_DIR) bash scripts/install-corpus.sh
	cd corpus/tui && $(GO) vet ./...
	TTYRIG_CORPUS=1 TTYRIG_REQUIRE_CORPUS=1 TTYRIG_CORPUS_NODE_MODULES=$(CORPUS_DIR)/node_modules \
		TTYRIG_CORPUS_OUT=$(CURDIR)/corpus/live $(GO) test -count=1 -v -timeout 1800s -run TestLive ./corpus/

## record-corpus: re-record corpus/testdata/*.cast live, then regenerate the replay score golden (read its diff)
record-corpus:
	TTYRIG_CORPUS_DIR=$(CORPUS_DIR) bash scripts/install-corpus.sh
	TTYRIG_CORPUS=1 TTYRIG_REQUIRE_CORPUS=1 TTYRIG_RECORD=1 TTYRIG_CORPUS_NODE_MODULES=$(CORPUS_DIR)/node_modules \
		$(GO) test -count=1 -v -timeout 1800s -run TestLive ./corpus/
	$(GO) test -count=1 -run TestReplay ./corpus/ -update

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime 30s ./recordings/
	$(GO) test -run '^$$' -fuzz FuzzScreen -fuzztime 30s ./screen/

## browser: trace pages in a real headless browser (Debian's chromium, installed when missing): pages opened at
## decisions and times and scrubbed (slider, buttons, keys, clicks), the screen shown checked against the replay
## after each move, a failing test's picture and page opened, screenshots left in $(SCREENSHOTS)
SCREENSHOTS ?= $(CURDIR)/.screenshots
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	command -v chromium >/dev/null || { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends chromium fonts-dejavu-core; }
	TTYRIG_BROWSER=1 TTYRIG_SCREENSHOTS=$(SCREENSHOTS) $(GO) test -count=1 -v -timeout 600s -run 'InBrowser' ./trace/ | grep -E '^(=== RUN|--- |\s+browser_test|ok|FAIL|PASS)'
	@echo "screenshots: $(SCREENSHOTS)"
