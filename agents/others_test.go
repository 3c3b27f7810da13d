//go:build agents

package agents_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/corpus"
	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/fixtures/fakemodel"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/termtest"
)

// The agent CLIs besides the three, driven with the generic profile. The
// driver never waits on the readiness engine: it types when the ground
// truth says the agent is waiting (the fake model's last byte is out and
// the answer or dialog is drawn, then the screen has settled), so what the
// engine decided is only scored, by replay against that truth
// (TestOthersReplay), never trusted here.

// other is how the driver knows one agent's screens.
type other struct {
	runtime string
	idle    string // drawn once its input box is up at start
	dialog  string // drawn while its approval dialog is open
	command string // the command the model asks to run: one the agent asks about
	// unfocused: the window loses focus once the input box is up
	// (termtest.SetFocus): opencode says its turn is over only then.
	unfocused bool
}

const proofCommand = "touch proof.txt && echo tool-ran-ok"

var others = []other{
	{agents.RuntimeQwen, "Type your message", "Yes, allow once", proofCommand, false},
	{agents.RuntimeOpencode, "Ask anything", "Allow once", proofCommand, true},
	{agents.RuntimeGrok, "Ask me anything", "Do you want to proceed with this operation?", proofCommand, false},
	{agents.RuntimeContinue, "Ask anything", "Would you like to continue?", proofCommand, false},
	// pi's permission gate asks only about commands it deems dangerous.
	{agents.RuntimePi, "ttyrig-fake", "Dangerous command", "touch proof.txt && chmod 777 proof.txt && echo tool-ran-ok", false},
}

// otherSession is one agent CLI against a scripted fake model.
type otherSession struct {
	t     *testing.T
	a     other
	srv   *fakemodel.Server
	term  *termtest.Term
	setup agents.Setup
	turns []truthTurn
	rec   string
}

func startOther(t *testing.T, a other, scenario string) *otherSession {
	t.Helper()
	if os.Getenv("TTYRIG_REQUIRE_AGENTS") != "" {
		if _, err := agents.Binary(agents.Dir(), a.runtime); err != nil {
			t.Fatalf("the %s CLI is not installed (run make agents): %v", a.runtime, err)
		}
	}
	srv := fakemodel.Start(t)
	setup := agents.Prepare(t, a.runtime, srv.URL())
	s := &otherSession{t: t, a: a, srv: srv, setup: setup}
	if os.Getenv("TTYRIG_RECORD") != "" {
		s.rec = filepath.Join("..", "recordings", "agents", "generic", a.runtime+"-"+scenario+".cast")
	}
	s.term = termtest.Spawn(t, setup.Argv,
		termtest.WithEnv(setup.Env...), termtest.WithDir(setup.Dir),
		termtest.WithRuntime(setup.Profile), termtest.WithSize(100, 30),
		termtest.WithTimeout(90*time.Second))
	// Start-up is a turn too: busy from the start until the input box is
	// drawn. That is the earliest the agent can be waiting (some take keys
	// only later), so a decision before it is premature for sure.
	s.term.ExpectScreen(expect.Contains(a.idle))
	s.turns = append(s.turns, truthTurn{busy: s.term.Started(), drawn: a.idle})
	s.settle()
	if a.unfocused && !s.term.SetFocus(false) {
		t.Fatalf("%s: the focus-out was not reported (focus events off)\n%s", a.runtime, s.term.Describe())
	}
	s.grace()
	return s
}

// settle waits for the screen to stay unchanged for a while (bounded): an
// agent that has drawn its answer may still be finishing its turn, and a
// key typed then can be lost.
func (s *otherSession) settle() {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	_ = expect.Wait(ctx, s.term.Terminal, expect.Stable(time.Second)) // an animated footer never settles: go on
}

// poll waits until ok holds, checking every 10 ms, for at most d.
func (s *otherSession) poll(d time.Duration, what string, ok func() bool) {
	s.t.Helper()
	end := time.Now().Add(d)
	for !ok() {
		if time.Now().After(end) {
			s.t.Fatalf("%s: %s not within %v\n%s", s.a.runtime, what, d, s.term.Describe())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// submit types prompt, waits for its echo, and presses Enter; it returns
// when Enter was pressed.
func (s *otherSession) submit(prompt string) time.Time {
	s.t.Helper()
	s.term.NoWait().Type(prompt)
	s.term.ExpectScreen(expect.Contains(prompt))
	// Agents that detect pastes by timing read a quick Enter as a newline.
	time.Sleep(300 * time.Millisecond)
	return s.press(termtest.KeyEnter)
}

func (s *otherSession) press(k termtest.Key) time.Time {
	s.t.Helper()
	at := time.Now()
	s.term.NoWait().Press(k)
	return at
}

// await waits for the model's turn number n (0-based) to end and for drawn
// to be on screen, and records the turn's truth.
func (s *otherSession) await(busy time.Time, n int, drawn string, question bool) {
	s.t.Helper()
	var last time.Time
	s.poll(90*time.Second, fmt.Sprintf("the model's turn %d and %q on screen", n+1, drawn), func() bool {
		turns := s.srv.Turns()
		if len(turns) <= n || turns[n].LastByteAt.IsZero() {
			return false
		}
		last = turns[n].LastByteAt
		return strings.Contains(s.term.Snapshot().Text(), drawn)
	})
	s.turns = append(s.turns, truthTurn{busy: busy, lastByte: last, drawn: drawn, question: question})
	s.settle()
	s.grace()
}

// graceWait is how long past the settled screen the driver gives the engine
// to say the agent is waiting before it types on (or closes): a turn it has
// not called by then is scored missed. The engine's word does not steer
// the driver; it only keeps a slow decision from being cut off.
const graceWait = 5 * time.Second

func (s *otherSession) grace() {
	ctx, cancel := context.WithTimeout(context.Background(), graceWait)
	defer cancel()
	_, _ = s.term.WaitForReadyContext(ctx) // not ready in time: scored missed
}

// ask submits prompt with reply scripted and waits for answer on screen.
func (s *otherSession) ask(prompt string, reply fakemodel.Reply, answer string) {
	s.t.Helper()
	n := len(s.srv.Turns())
	s.srv.Script(reply)
	s.await(s.submit(prompt), n, answer, false)
}

// approve asks for the proof command, waits for the approval dialog,
// accepts its default with Enter, and waits for the model's follow-up.
func (s *otherSession) approve() {
	s.t.Helper()
	n := len(s.srv.Turns())
	const followUp = "The command printed tool-ran-ok."
	s.srv.Script(fakemodel.Shell(s.a.command), fakemodel.Text(followUp).After(500*time.Millisecond))
	s.await(s.submit("run the proof command"), n, s.a.dialog, true)
	s.await(s.press(termtest.KeyEnter), n+1, followUp, false)
	if _, err := os.Stat(filepath.Join(s.setup.Dir, "proof.txt")); err != nil {
		s.t.Errorf("%s: the approved command did not run: %v", s.a.runtime, err)
	}
}

// finish closes the CLI, marks the recording with the truth, checks it,
// logs the engine's replayed score and, when re-recording, saves it.
func (s *otherSession) finish() {
	s.t.Helper()
	started := s.term.Started()
	s.term.Close()
	c, err := asciicast.ReadFile(s.term.RecordingPath())
	if err != nil {
		s.t.Fatal(err)
	}
	if err := markTruth(c, started, s.turns); err != nil {
		s.t.Fatalf("%s: %v", s.a.runtime, err)
	}
	scores, err := corpus.ReplayScores(c, recordings.WithRuntime(agents.GenericProfile))
	if err != nil {
		s.t.Fatal(err)
	}
	e := scores[0]
	if e.Turns != len(s.turns) {
		s.t.Errorf("%s: %d truth turns scored, %d driven", s.a.runtime, e.Turns, len(s.turns))
	}
	p50, _ := e.Percentile(50)
	s.t.Logf("%s, generic profile by replay: turns %d premature %d missed %d p50 %v questions %d/%d",
		s.a.runtime, e.Turns, e.Premature, e.Missed, p50, e.Parsed, e.Questions)
	if s.rec == "" || s.t.Failed() {
		return
	}
	var repl []string
	for p, with := range map[string]string{s.setup.Dir: "/work", s.setup.Home: "/home/user", s.srv.URL(): "http://127.0.0.1:8080", agents.Dir(): "/opt/agents"} {
		repl = append(repl, p, with)
	}
	r := strings.NewReplacer(repl...)
	c.Header.Command = s.a.runtime
	c.Header.Timestamp = time.Time{}
	for i := range c.Events {
		c.Events[i].Data = r.Replace(c.Events[i].Data)
	}
	if err := os.MkdirAll(filepath.Dir(s.rec), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := asciicast.WriteFile(s.rec, c); err != nil {
		s.t.Fatal(err)
	}
}

func eachOther(t *testing.T, scenario string, drive func(s *otherSession)) {
	for _, a := range others {
		t.Run(a.runtime, func(t *testing.T) {
			s := startOther(t, a, scenario)
			drive(s)
			s.finish()
		})
	}
}

// Two short answers, streamed after a second in four pieces.
func TestOthersTwoTurns(t *testing.T) {
	eachOther(t, "two-turns", func(s *otherSession) {
		s.ask("say hi", fakemodel.Text("Hello from the fake model").After(time.Second).InPieces(4, 150*time.Millisecond), "Hello from the fake model")
		s.ask("and again", fakemodel.Text("Second answer here").After(time.Second).InPieces(4, 150*time.Millisecond), "Second answer here")
	})
}

// A turn, then a command the agent asks about: approved with Enter, it
// runs and the model's follow-up arrives.
func TestOthersApproval(t *testing.T) {
	eachOther(t, "approval", func(s *otherSession) {
		s.ask("say hi", fakemodel.Text("Hello before the tool").After(time.Second).InPieces(4, 150*time.Millisecond), "Hello before the tool")
		s.approve()
	})
}

// A slow answer (3 s before the first byte, pieces 400 ms apart: longer
// than the quiet windows), then one sent at once.
func TestOthersSlowStream(t *testing.T) {
	eachOther(t, "slow-stream", func(s *otherSession) {
		s.ask("think slowly", fakemodel.Text("Slowly streamed answer, piece by piece, until the very end.").After(3*time.Second).InPieces(8, 400*time.Millisecond), "until the very end.")
		s.ask("now quickly", fakemodel.Text("Quick answer."), "Quick answer.")
	})
}
