//go:build agents

package agents_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/fixtures/fakemodel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/termtest"
)

// latencies collects, per runtime, the time from the fake model's last
// byte to WaitForReady's return, for the summary at the end.
var latencies = struct {
	sync.Mutex
	m map[string][]time.Duration
}{m: map[string][]time.Duration{}}

func TestMain(m *testing.M) {
	code := m.Run()
	latencies.Lock()
	for rt, ls := range latencies.m {
		sort.Slice(ls, func(i, j int) bool { return ls[i] < ls[j] })
		fmt.Printf("ready latency after the answer's last byte, %s: n=%d p50=%v max=%v\n", rt, len(ls), ls[len(ls)/2].Round(time.Millisecond), ls[len(ls)-1].Round(time.Millisecond))
	}
	latencies.Unlock()
	os.Exit(code)
}

// session is one real CLI against a scripted fake model.
type session struct {
	t       *testing.T
	runtime string
	srv     *fakemodel.Server
	term    *termtest.Term
	setup   agents.Setup
	rec     string // recording path in the repo, when re-recording
}

func start(t *testing.T, runtime, scenario string, opts ...agents.Option) *session {
	t.Helper()
	if os.Getenv("TTYRIG_REQUIRE_AGENTS") != "" {
		if _, err := agents.Binary(agents.Dir(), runtime); err != nil {
			t.Fatalf("the %s CLI is not installed (run make agents): %v", runtime, err)
		}
	}
	srv := fakemodel.Start(t)
	setup := agents.Prepare(t, runtime, srv.URL(), opts...)
	s := &session{t: t, runtime: runtime, srv: srv, setup: setup}
	if os.Getenv("TTYRIG_RECORD") != "" {
		s.rec = filepath.Join("..", "recordings", "agents", runtime+"-"+scenario+".cast")
	}
	s.term = termtest.Spawn(t, setup.Argv,
		termtest.WithEnv(setup.Env...), termtest.WithDir(setup.Dir),
		termtest.WithRuntime(runtime), termtest.WithSize(100, 30),
		termtest.WithTimeout(60*time.Second))
	return s
}

// waitReady waits for the agent and returns the state it saw.
func (s *session) waitReady() ready.Transition {
	s.t.Helper()
	return s.term.WaitForReady()
}

// turn submits prompt, waits for ready, and checks that the answer is on
// the screen the moment WaitForReady returns; it returns the engine's
// decision.
func (s *session) turn(prompt, answer string) ready.Transition {
	s.t.Helper()
	return s.ask(prompt, fakemodel.Text(answer).After(time.Second).InPieces(4, 150*time.Millisecond), answer)
}

// ask submits prompt with reply scripted as the model's answer, waits for
// ready, and checks that want (the answer, or its end when the answer is
// longer than the screen) is on the screen the moment WaitForReady returns;
// it returns the engine's decision.
func (s *session) ask(prompt string, reply fakemodel.Reply, want string) ready.Transition {
	s.t.Helper()
	before := len(s.srv.Turns())
	s.srv.Script(reply)
	s.term.Submit(prompt)
	// Ground truth for calibration: busy once the agent took the prompt,
	// ready when the model's answer has fully arrived.
	s.term.Marker(time.Time{}, recordings.MarkBusy)
	tr := s.waitReady()
	returned := time.Now()
	if snap := s.term.Snapshot(); !strings.Contains(snap.Text(), want) {
		s.t.Fatalf("%s said ready (%s) before its answer %q was on screen:\n%s", s.runtime, tr.Reason, want, s.term.Describe())
	}
	turns := s.srv.Turns()
	if len(turns) <= before {
		s.t.Fatalf("the fake model got no turn for %q", prompt)
	}
	last := turns[len(turns)-1].LastByteAt
	s.term.Marker(last, recordings.MarkReady)
	lat := returned.Sub(last)
	s.t.Logf("%s: ready %v after the answer's last byte (%s)", s.runtime, lat.Round(time.Millisecond), tr.Reason)
	if lat < 0 || lat > 10*time.Second {
		s.t.Errorf("latency %v out of bounds", lat)
	}
	latencies.Lock()
	latencies.m[s.runtime] = append(latencies.m[s.runtime], lat)
	latencies.Unlock()
	return tr
}

// finish closes the CLI and, when re-recording, saves the recording with
// machine-specific strings replaced.
func (s *session) finish() {
	s.t.Helper()
	timeline := s.term.Timeline()
	started := s.term.Started()
	s.term.Close()
	c, err := asciicast.ReadFile(s.term.RecordingPath())
	if err != nil {
		s.t.Fatal(err)
	}
	s.typedOnlyWhenReady(c, timeline, started)
	if s.rec == "" || s.t.Failed() {
		return
	}
	repl := []string{}
	for _, p := range []string{s.setup.Dir, s.setup.Home, filepath.Dir(s.setup.Dir), s.srv.URL(), agents.Dir()} {
		if p != "" {
			repl = append(repl, p, placeholder(p, s))
		}
	}
	r := strings.NewReplacer(repl...)
	c.Header.Command = s.runtime
	c.Header.Timestamp = time.Time{}
	for i := range c.Events {
		c.Events[i].Data = r.Replace(c.Events[i].Data)
	}
	if err := asciicast.WriteFile(s.rec, c); err != nil {
		s.t.Fatal(err)
	}
}

// typedOnlyWhenReady checks that every input of the session was sent while
// the engine said the program was waiting for it (ready or question).
func (s *session) typedOnlyWhenReady(c *asciicast.Cast, timeline []ready.Transition, started time.Time) {
	s.t.Helper()
	for _, e := range c.Events {
		if e.Kind != asciicast.Input {
			continue
		}
		at := started.Add(e.Time)
		var before ready.Transition
		// Recordings keep microseconds: the busy transition this input
		// caused may read a moment before it.
		for _, tr := range timeline {
			d := tr.Time.Sub(at)
			if d > time.Millisecond || tr.Signal == ready.SignalInput && d > -time.Millisecond {
				break
			}
			before = tr
		}
		if !before.State.Waiting() {
			s.t.Errorf("%q was typed at +%.3fs while the state was %s (%s)", e.Data, e.Time.Seconds(), before.State, before.Reason)
		}
	}
}

func placeholder(p string, s *session) string {
	switch p {
	case s.setup.Dir:
		return "/work"
	case s.setup.Home:
		return "/home/user"
	case s.srv.URL():
		return "http://127.0.0.1:8080"
	case agents.Dir():
		return "/opt/agents"
	}
	return "/tmp/ttyrig"
}

var runtimes = []string{agents.RuntimeClaude, agents.RuntimeCodex, agents.RuntimeGemini}

// Spawn → ready → "say hi" → ready with the answer on screen, then a second
// turn typed right after the first.
func TestTwoTurns(t *testing.T) {
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			s := start(t, rt, "two-turns")
			if tr := s.waitReady(); tr.State != ready.Ready {
				t.Fatalf("first state %v, want ready\n%s", tr, s.term.Describe())
			}
			s.turn("say hi", "Hello from the fake model")
			s.turn("and again", "Second answer here")
			s.finish()
		})
	}
}

// questionState waits and requires a question with parsed options.
func (s *session) question(wantText string) ready.Transition {
	s.t.Helper()
	tr := s.waitReady()
	if tr.State != ready.Question || tr.Prompt == nil || len(tr.Prompt.Options) < 2 {
		s.t.Fatalf("%s: want a question with options (%q), got %v %+v\n%s", s.runtime, wantText, tr, tr.Prompt, s.term.Describe())
	}
	if !strings.Contains(s.term.Snapshot().Text(), wantText) {
		s.t.Fatalf("%s: the question on screen is not %q:\n%s", s.runtime, wantText, s.term.Snapshot())
	}
	s.t.Logf("%s question: %q options %q (default %d)", s.runtime, tr.Prompt.Text, tr.Prompt.Options, tr.Prompt.Default)
	return tr
}

// At first start in an untrusted folder, Claude Code and Gemini CLI ask
// whether to trust it; answering yes leads to the main prompt.
func TestTrustFolderQuestion(t *testing.T) {
	for _, tc := range []struct{ runtime, text string }{
		{agents.RuntimeClaude, "trust"},
		{agents.RuntimeGemini, "trust"},
	} {
		t.Run(tc.runtime, func(t *testing.T) {
			s := start(t, tc.runtime, "trust", agents.Untrusted())
			s.question(tc.text)
			s.term.Press(termtest.KeyEnter)
			if tr := s.waitReady(); tr.State != ready.Ready {
				t.Fatalf("after trusting: %v\n%s", tr, s.term.Describe())
			}
			s.turn("say hi", "Trusted and answering")
			s.finish()
		})
	}
}

// Without a model provider, Codex shows its sign-in menu: a question.
func TestCodexSignInMenu(t *testing.T) {
	s := start(t, agents.RuntimeCodex, "signin", agents.NoProvider())
	s.question("Sign in")
	s.finish()
}

// Each CLI asks before running a shell command the model requested:
// the question is seen with its text and options, the default (run it once)
// is taken with Enter, the command runs and the model's follow-up arrives.
func TestToolApproval(t *testing.T) {
	for _, tc := range []struct{ runtime, question, first string }{
		{agents.RuntimeClaude, "Do you want to proceed?", "Yes"},
		{agents.RuntimeCodex, "Would you like to run the following command?", "Yes, proceed (y)"},
		{agents.RuntimeGemini, "Allow execution of [Shell]?", "Allow once"},
	} {
		t.Run(tc.runtime, func(t *testing.T) {
			s := start(t, tc.runtime, "approval")
			s.waitReady()
			s.srv.Script(fakemodel.Shell("touch proof.txt && echo tool-ran-ok"), fakemodel.Text("The command printed tool-ran-ok.").After(500*time.Millisecond))
			s.term.Submit("run the proof command")
			tr := s.question(tc.question)
			if p := tr.Prompt; p.Text != tc.question || p.Default != 0 || p.Options[0] != tc.first {
				t.Errorf("prompt %v, want %q with %q chosen", p, tc.question, tc.first)
			}
			s.term.Press(termtest.KeyEnter)
			tr = s.waitReady()
			if tr.State != ready.Ready || !strings.Contains(s.term.Snapshot().Text(), "The command printed tool-ran-ok.") {
				t.Fatalf("after the answer: %v\n%s", tr, s.term.Describe())
			}
			if _, err := os.Stat(filepath.Join(s.setup.Dir, "proof.txt")); err != nil {
				t.Errorf("the approved command did not run: %v", err)
			}
			if turns := s.srv.Turns(); len(turns) < 2 {
				t.Errorf("the tool result never reached the model: %d turns", len(turns))
			}
			s.finish()
		})
	}
}
