//go:build agents

package agents_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/fixtures/fakemodel"
	"github.com/ttyrig/ttyrig/ready"
)

// longTurns is a user's longer session with a coding agent: five prompts
// about one piece of code, each answered with what such an agent prints
// (headings, numbered and nested lists, a table, Go code blocks), 1.2–2.5 KB
// of markdown per answer in testdata/long-session. The prompts end without
// "?": Gemini CLI 0.61 took a typed "?" at the end of a line as its
// shortcuts key, opened that panel and left the "?" out of the prompt.
var longTurns = []struct{ prompt, answer string }{
	{"explain how the retry logic in fetch/client.go works", "1-explain.md"},
	{"write a table-driven test for backoff", "2-test.md"},
	{"which edge cases am I missing in Do", "3-edges.md"},
	{"yes, make the sleep respect the context", "4-refactor.md"},
	{"write a commit message for this", "5-commit.md"},
}

// streamed is how the fake model sends a long answer: after 1.25 s of
// "thinking", in deltas of about 80 bytes 100 ms apart (some 800 bytes/s,
// about 200 tokens/s, the pace of a fast hosted model).
func streamed(answer string) fakemodel.Reply {
	return fakemodel.Text(answer).After(1250*time.Millisecond).InPieces(max(len(answer)/80, 1), 100*time.Millisecond)
}

// Each CLI through a longer session of long streamed answers: each turn is
// ready only once its answer is drawn to the end (the answer's last line,
// which the screen keeps when the rest has scrolled away, is on screen when
// WaitForReady returns), with busy and ready ground truth in the recording
// (recordings/agents/<runtime>-long-session.cast, about 21 s each: the
// length issue 9's whole-process replay target is stated for).
//
// Each session takes 20–21 s and the live suite runs on every CI run, so
// Gemini CLI's always runs (it redraws the most per answer: the hardest
// case for readiness and the largest recording), while Claude Code's and
// Codex CLI's run when re-recording (TTYRIG_RECORD, as make record-agents
// sets it) or when TTYRIG_LONG_SESSION_ALL is set.
func TestLongSession(t *testing.T) {
	all := os.Getenv("TTYRIG_RECORD") != "" || os.Getenv("TTYRIG_LONG_SESSION_ALL") != ""
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			if rt != agents.RuntimeGemini && !all {
				t.Skipf("%s's long session (20 s) runs only when re-recording (TTYRIG_RECORD) or with TTYRIG_LONG_SESSION_ALL=1, for CI time; Gemini CLI's runs always", rt)
			}
			longSession(t, rt)
		})
	}
}

// longSession runs the five turns of longTurns with runtime's CLI.
func longSession(t *testing.T, runtime string) {
	s := start(t, runtime, "long-session")
	if tr := s.waitReady(); tr.State != ready.Ready {
		t.Fatalf("first state %v, want ready\n%s", tr, s.term.Describe())
	}
	for _, turn := range longTurns {
		data, err := os.ReadFile(filepath.Join("testdata", "long-session", turn.answer))
		if err != nil {
			t.Fatal(err)
		}
		answer := strings.TrimRight(string(data), "\n")
		last := answer[strings.LastIndexByte(answer, '\n')+1:]
		if tr := s.ask(turn.prompt, streamed(answer), last); tr.State != ready.Ready {
			t.Fatalf("after %q: %v, want ready\n%s", turn.prompt, tr, s.term.Describe())
		}
	}
	s.finish()
}
