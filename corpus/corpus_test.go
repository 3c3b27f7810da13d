package corpus_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/recordings"
)

// TestReplay scores every committed recording by replay (virtual clock,
// deterministic) and compares the table with testdata/replay-score.golden.
// After an engine change: go test ./corpus -run TestReplay -update, then
// read the diff: it is the change's effect on real libraries.
func TestReplay(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	rows := replayRows(t)
	if len(rows) < len(corpus.Scenarios) {
		t.Errorf("%d recordings in testdata for %d scenarios: record the missing ones with make corpus-record", len(rows), len(corpus.Scenarios))
	}
	var buf bytes.Buffer
	if err := corpus.WriteTable(&buf, rows); err != nil {
		t.Fatal(err)
	}
	t.Logf("replay scores (generic profile):\n%s", buf.String())
	goldie.New(t).Assert(t, "replay-score", buf.Bytes())
}

func replayRows(t testing.TB) []corpus.Row {
	t.Helper()
	var rows []corpus.Row
	for _, sc := range corpus.Scenarios {
		path := filepath.Join("testdata", sc.Name+".cast")
		cast, err := asciicast.ReadFile(path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		truth := corpus.Truth(cast)
		if len(truth) == 0 || truth[0].Data != recordings.MarkBusy || truth[0].Time != 0 {
			t.Fatalf("%s: the ground truth must start busy at 0 (start-up), got %v", path, truth)
		}
		scores, err := corpus.ReplayScores(cast)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		rows = append(rows, corpus.Row{Scenario: sc.Name, Library: sc.Library, Truth: sc.Truth, Scores: scores})
	}
	return rows
}

// TestLive runs the corpus live (make corpus): real programs in real PTYs,
// ground truth from their hooks or strace. With TTYRIG_RECORD=1 it rewrites
// testdata/<scenario>.cast (then: go test ./corpus -run TestReplay -update).
func TestLive(t *testing.T) {
	if os.Getenv("TTYRIG_CORPUS") == "" {
		t.Skip("the live corpus runs with make corpus (TTYRIG_CORPUS=1 and the programs installed)")
	}
	env := liveEnv(t)
	record := os.Getenv("TTYRIG_RECORD") != ""
	only := os.Getenv("TTYRIG_CORPUS_ONLY") // a comma-separated list of scenario names
	out := os.Getenv("TTYRIG_CORPUS_OUT")   // where this run's recordings go (make corpus: corpus/live)
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var live, replay []corpus.Row
	for _, sc := range corpus.Scenarios {
		if only != "" && !strings.Contains(","+only+",", ","+sc.Name+",") {
			continue
		}
		t.Run(sc.Name, func(t *testing.T) {
			if miss := missing(sc, env); miss != "" {
				if os.Getenv("TTYRIG_REQUIRE_CORPUS") != "" {
					t.Fatalf("%s is not installed (make corpus installs it)", miss)
				}
				t.Skipf("%s is not installed (make corpus installs it)", miss)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			work := t.TempDir()
			if keep := os.Getenv("TTYRIG_CORPUS_KEEP"); keep != "" {
				work = keep // the scenario's directory (side log, strace log, raw recording) stays for reading
			}
			res, err := corpus.Run(ctx, sc, env, work)
			if errors.Is(err, corpus.ErrClockStepped) {
				t.Logf("%v: running it again", err)
				res, err = corpus.Run(ctx, sc, env, work)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range res.Notes {
				t.Log(n)
			}
			switch n := len(corpus.Truth(res.Cast)); {
			case sc.NeverReads && n > 1:
				t.Errorf("a program that never reads has ground truth beyond its start: %v", corpus.Truth(res.Cast))
			case !sc.NeverReads && n < 2:
				t.Errorf("no ground truth beyond the start: the %s truth source saw nothing", sc.Truth)
			}
			scores, err := corpus.ReplayScores(res.Cast)
			if err != nil {
				t.Fatal(err)
			}
			live = append(live, corpus.Row{Scenario: sc.Name, Library: sc.Library, Truth: sc.Truth, Scores: append([]corpus.Score{res.Live}, scores[1:]...)})
			replay = append(replay, corpus.Row{Scenario: sc.Name, Library: sc.Library, Truth: sc.Truth, Scores: scores})
			if record {
				if err := asciicast.WriteFile(filepath.Join("testdata", sc.Name+".cast"), res.Cast); err != nil {
					t.Fatal(err)
				}
			}
			if out != "" {
				// Every live run keeps its recordings, truth included, so a
				// score that differs from the committed one can be read:
				// TTYRIG_EXPLAIN=<dir>/<scenario>.cast go test ./corpus -run Explain -v
				path := filepath.Join(out, sc.Name+".cast")
				if err := asciicast.WriteFile(path, res.Cast); err != nil {
					t.Fatal(err)
				}
				t.Logf("recording with ground truth: %s", path)
			}
		})
	}
	var buf bytes.Buffer
	fmt.Fprintln(&buf, "live (engine as it ran; the recipes replayed over the same recording):")
	_ = corpus.WriteTable(&buf, live)
	fmt.Fprintln(&buf, "\nreplay of the same recordings:")
	_ = corpus.WriteTable(&buf, replay)
	t.Log("\n" + buf.String())
	if out := os.Getenv("TTYRIG_CORPUS_TABLE"); out != "" {
		_ = os.WriteFile(out, buf.Bytes(), 0o644)
	}
}

func liveEnv(t *testing.T) *corpus.Env {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	env := &corpus.Env{Root: root, Python: "/usr/bin/python3", TUIBin: t.TempDir()}
	env.NodeModules = os.Getenv("TTYRIG_CORPUS_NODE_MODULES")
	if env.NodeModules == "" {
		home, _ := os.UserCacheDir()
		env.NodeModules = filepath.Join(home, "ttyrig", "corpus", "node_modules")
	}
	// The Go programs: a nested module, so the main module's dependencies
	// do not grow.
	cmd := exec.Command("go", "build", "-o", env.TUIBin+"/", "./cmd/...")
	cmd.Dir = filepath.Join(root, "tui")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building corpus/tui: %v\n%s", err, out)
	}
	// gum, pinned, built with its own go.mod (go install pkg@version), so
	// its dependencies do not move the nested module's pins.
	cmd = exec.Command("go", "install", corpus.Gum)
	cmd.Env = append(os.Environ(), "GOBIN="+env.TUIBin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", corpus.Gum, err, out)
	}
	return env
}

// missing names what a scenario needs and this machine lacks.
func missing(sc corpus.Scenario, env *corpus.Env) string {
	dir, err := os.MkdirTemp("", "corpus-probe-")
	if err != nil {
		return err.Error()
	}
	defer os.RemoveAll(dir)
	argv, err := sc.Command(env, dir)
	if err != nil {
		return err.Error()
	}
	need := append([]string{argv[0]}, sc.Needs...)
	if argv[0] == "env" { // the Python scenarios: env VAR=… python script
		need = append([]string{env.Python}, sc.Needs...)
	}
	if sc.Truth == corpus.Strace {
		need = append(need, "strace")
	}
	for _, n := range need {
		if _, err := exec.LookPath(n); err != nil {
			return n
		}
	}
	if argv[0] == "node" {
		// Every package node/package.json pins, so a cache installed from
		// an older lock is reported, not run.
		b, err := os.ReadFile(filepath.Join(env.Root, "node", "package.json"))
		if err != nil {
			return err.Error()
		}
		var pkg struct{ Dependencies map[string]string }
		if err := json.Unmarshal(b, &pkg); err != nil {
			return fmt.Sprintf("node/package.json: %v", err)
		}
		for name := range pkg.Dependencies {
			if _, err := os.Stat(filepath.Join(env.NodeModules, name, "package.json")); err != nil {
				return "the pinned npm package " + name + " (" + env.NodeModules + "; scripts/install-corpus.sh)"
			}
		}
	}
	if argv[0] == "env" {
		for _, m := range []string{"prompt_toolkit", "tqdm", "rich", "click", "urwid", "IPython", "blessed"} {
			if err := exec.Command(env.Python, "-c", "import "+m).Run(); err != nil {
				return "python module " + m + " for " + env.Python
			}
		}
	}
	return ""
}
