package recordings_test

import (
	"flag"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/termtest"
)

// The corpus in testdata/corpus is recorded from the fixture programs:
//
//	go test ./recordings -run TestMakeCorpus -regen
//
// Each recording carries the fixture's own ground truth as "ready" and
// "busy" markers, so calibration can measure latency and premature ready.
var regen = flag.Bool("regen", false, "re-record the fixture corpus in testdata/corpus")

type scenario struct {
	name    string
	fixture string
	args    []string
	drive   func(t *testing.T, term *termtest.Term)
}

func submitTurns(texts ...string) func(*testing.T, *termtest.Term) {
	return func(t *testing.T, term *termtest.Term) {
		term.WaitForReady()
		for _, s := range texts {
			term.Submit(s)
			term.WaitForReady()
		}
	}
}

var corpus = []scenario{
	{"agent-two-turns", "agent", []string{"-seed", "1", "-work", "2s"}, submitTurns("say hi", "and again")},
	{"agent-codex-like", "agent", []string{"-seed", "2", "-work", "1500ms", "-sync", "-osc7501"}, submitTurns("say hi")},
	{"agent-permission", "agent", []string{"-seed", "3", "-work", "1s", "-ask"}, func(t *testing.T, term *termtest.Term) {
		term.WaitForReady()
		term.Submit("run the tool")
		if tr := term.WaitForReady(); tr.State != "question" {
			t.Fatalf("want a question, got %v\n%s", tr, term.Describe())
		}
		term.Type("1")
		term.WaitForReady()
	}},
	{"spinner", "spinner", []string{"-busy", "1s"}, submitTurns("build")},
	{"slowprompt", "slowprompt", []string{"-gap", "300ms"}, submitTurns("ls", "pwd")},
	{"osc133", "osc133", nil, submitTurns("echo hello", "sleep 1")},
	// Issue 20's failure classes, each in a fixture of its shape.
	{"pollrepl", "pollrepl", []string{"-work", "400ms"}, submitTurns("select 1", "select 2")},
	{"widget-status", "widget", []string{"-shape", "status", "-work", "1s"}, submitTurns("a", "b")},
	{"widget-bar", "widget", []string{"-shape", "bar", "-blank", "3s", "-work", "1500ms"}, submitTurns("say hi", "and again")},
	{"widget-late", "widget", []string{"-shape", "late", "-work", "500ms", "-late", "600ms"}, submitTurns("say hi", "and again")},
	{"widget-drawn", "widget", []string{"-shape", "drawn", "-work", "1s"}, submitTurns("say hi", "and again")},
	{"chevron", "chevron", nil, func(t *testing.T, term *termtest.Term) {
		term.WaitForReady()
		term.Press(termtest.KeyDown, termtest.KeyEnter)
		term.ExpectScreen(expect.Contains("answer: green"))
	}},
}

func TestMakeCorpus(t *testing.T) {
	if !*regen {
		t.Skip("re-records testdata/corpus only with -regen")
	}
	for _, sc := range corpus {
		t.Run(sc.name, func(t *testing.T) {
			bin := fixtures.Build(t, sc.fixture)
			dir := t.TempDir()
			logPath := filepath.Join(dir, "truth.jsonl")
			raw := filepath.Join(dir, "raw.cast")
			term := termtest.Spawn(t, append([]string{bin}, sc.args...),
				termtest.WithSize(100, 30), termtest.WithRecording(raw),
				termtest.WithEnv(fixtures.LogEnv+"="+logPath), termtest.WithTimeout(15*time.Second))
			sc.drive(t, term)
			started := term.Started()
			term.Close()
			truth, err := fixtures.ReadLog(logPath)
			if err != nil {
				t.Fatal(err)
			}
			cast, err := asciicast.ReadFile(raw)
			if err != nil {
				t.Fatal(err)
			}
			// Machine-specific: the fixture's temp path and the date.
			cast.Header.Command = strings.Join(append([]string{sc.fixture}, sc.args...), " ")
			cast.Header.Timestamp = time.Time{}
			for _, ev := range truth {
				if ev.Event == fixtures.EventReady || ev.Event == fixtures.EventBusy {
					cast.Events = append(cast.Events, asciicast.Event{Time: ev.Time().Sub(started), Kind: asciicast.Marker, Data: ev.Event})
				}
			}
			sort.SliceStable(cast.Events, func(i, j int) bool { return cast.Events[i].Time < cast.Events[j].Time })
			if err := asciicast.WriteFile(filepath.Join("testdata", "corpus", sc.name+".cast"), cast); err != nil {
				t.Fatal(err)
			}
		})
	}
}
