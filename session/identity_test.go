package session_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/session"
	"github.com/ttyrig/ttyrig/termtest"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// tolerance is how far a replayed decision may be from the live one: the
// recording keeps times to the microsecond, and a live timer tick is made
// at its deadline (see Session.Tick), so anything more is a real
// difference.
const tolerance = time.Millisecond

// A step drives the live terminal: a typed line, a key, or a wait.
type step func(*termtest.Terminal) error

func typeLine(text string) step {
	return func(t *termtest.Terminal) error {
		if err := t.TypeContext(context.Background(), text); err != nil {
			return err
		}
		if err := t.PressContext(context.Background(), termtest.KeyEnter); err != nil {
			return err
		}
		_, err := t.WaitForReadyContext(context.Background())
		return err
	}
}

// sendLine types a line and Enter and waits for nothing: the program ends.
func sendLine(text string) step {
	return func(t *termtest.Terminal) error {
		if err := t.TypeContext(context.Background(), text); err != nil {
			return err
		}
		return t.PressContext(context.Background(), termtest.KeyEnter)
	}
}

// sendKey presses k and waits for nothing: the program ends.
func sendKey(k termtest.Key) step {
	return func(t *termtest.Terminal) error { return t.PressContext(context.Background(), k) }
}

func press(k termtest.Key) step {
	return func(t *termtest.Terminal) error {
		if err := t.PressContext(context.Background(), k); err != nil {
			return err
		}
		_, err := t.WaitForReadyContext(context.Background())
		return err
	}
}

func pause(d time.Duration) step {
	return func(*termtest.Terminal) error { time.Sleep(d); return nil }
}

// Every fixture program, driven live, decides the same as the replay of
// its own recording: the same transitions (state and signal) at the same
// offsets. A session fed from a PTY and one fed from a file are the same
// pipeline; this is the test that they stay so.
func TestLiveEqualsReplay(t *testing.T) {
	t.Parallel()
	for _, sc := range []struct {
		fixture string
		args    []string
		runtime string
		ready   bool // wait for the first prompt
		exits   bool // the last step ends the program
		steps   []step
	}{
		{fixture: "agent", args: []string{"-work", "700ms"}, ready: true, steps: []step{typeLine("hello")}},
		{fixture: "agent", args: []string{"-work", "500ms", "-sync", "-osc7501", "-queries"}, runtime: "claude", ready: true, steps: []step{typeLine("hi")}},
		{fixture: "spinner", args: []string{"-busy", "500ms"}, ready: true, steps: []step{typeLine("build")}},
		{fixture: "slowprompt", args: []string{"-gap", "300ms"}, ready: true, steps: []step{typeLine("hi")}},
		{fixture: "fullscreen", args: []string{"-key-work", "300ms"}, ready: true, steps: []step{press(termtest.Rune('j'))}},
		{fixture: "chevron", ready: true, exits: true, steps: []step{press(termtest.KeyDown), sendKey(termtest.KeyEnter)}},
		{fixture: "permission", args: []string{"-delay", "400ms"}, ready: true, exits: true, steps: []step{sendKey(termtest.KeyEnter)}},
		{fixture: "cpr", ready: true, steps: []step{typeLine("x")}},
		{fixture: "osc133", args: []string{"-slow", "300ms"}, ready: true, steps: []step{typeLine("sleep 0.3")}},
		{fixture: "yesno", args: []string{"-delay", "300ms"}, ready: true, exits: true, steps: []step{sendLine("y")}},
		{fixture: "password", args: []string{"-delay", "300ms"}, ready: true, exits: true, steps: []step{sendLine("hunter2")}},
		{fixture: "pause", args: []string{"-work", "300ms"}, ready: true, exits: true, steps: []step{sendLine("")}},
		{fixture: "flush", args: []string{"-startup", "500ms"}, ready: true, steps: []step{typeLine("x")}},
		{fixture: "never", args: []string{"-interval", "200ms", "-text", "> "}, steps: []step{pause(1500 * time.Millisecond)}},
	} {
		name := strings.Join(append([]string{sc.fixture}, sc.args...), " ")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bin := fixtures.Build(t, sc.fixture)
			rec := filepath.Join(t.TempDir(), "live.cast")
			term, err := termtest.Start(context.Background(), append([]string{bin}, sc.args...),
				termtest.WithRecording(rec), termtest.WithTimeout(5*time.Second), termtest.WithRuntime(sc.runtime))
			if err != nil {
				t.Fatal(err)
			}
			defer term.Close()
			if sc.ready {
				if _, err := term.WaitForReadyContext(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			for _, st := range sc.steps {
				if err := st(term); err != nil {
					t.Fatal(err)
				}
			}
			if sc.exits {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				if _, err := term.WaitExitContext(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if err := term.Close(); err != nil {
				t.Fatal(err)
			}
			live := offsets(term.Timeline(), term.Started())

			// The runtime is inferred from the recorded command as it was
			// from the live one, unless the test named it.
			rep, err := recordings.ReplayFile(rec, recordings.WithRuntime(sc.runtime), recordings.WithStuckAfter(5*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			defer rep.Close()
			if rep.Profile().Name != term.Profile().Name {
				t.Errorf("replay decides with profile %q, the live session decided with %q", rep.Profile().Name, term.Profile().Name)
			}
			replayed := offsets(rep.Run(), rep.Start())
			if diff := compare(live, replayed); diff != "" {
				t.Errorf("the replay of the live session's recording decided differently:\n%s\nlive:\n%s\nreplayed:\n%s\n%s",
					diff, format(live), format(replayed), rep.Describe())
			}
		})
	}
}

// decision is a transition as compared: state, signal and offset.
type decision struct {
	state  ready.State
	signal ready.Signal
	at     time.Duration
	reason string // shown, not compared
}

func offsets(tl []ready.Transition, start time.Time) []decision {
	out := make([]decision, len(tl))
	for i, tr := range tl {
		out[i] = decision{tr.State, tr.Signal, tr.Time.Sub(start), tr.Reason}
	}
	return out
}

// compare says where two timelines differ, or "" if they agree.
func compare(a, b []decision) string {
	var out []string
	for i := range max(len(a), len(b)) {
		switch {
		case i >= len(a):
			out = append(out, fmt.Sprintf("  #%d only replayed: %s", i, b[i]))
		case i >= len(b):
			out = append(out, fmt.Sprintf("  #%d only live: %s", i, a[i]))
		case a[i].state != b[i].state || a[i].signal != b[i].signal || (a[i].at-b[i].at).Abs() > tolerance:
			out = append(out, fmt.Sprintf("  #%d live %s, replayed %s", i, a[i], b[i]))
		}
	}
	return strings.Join(out, "\n")
}

func (d decision) String() string {
	return fmt.Sprintf("+%.6fs %s (%s)", d.at.Seconds(), d.state, d.signal)
}

func format(ds []decision) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %s  %s\n", d, d.reason)
	}
	return b.String()
}

// A live terminal left at its defaults calls a program stuck when a replay
// left at its defaults does: the one default, session.DefaultStuckAfter.
func TestOneStuckDefault(t *testing.T) {
	t.Parallel()
	term, err := termtest.Start(context.Background(), []string{"true"})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	if term.Timeout() != session.DefaultStuckAfter {
		t.Errorf("termtest's default wait bound (its stuck bound) is %v; replay's is session.DefaultStuckAfter, %v", term.Timeout(), session.DefaultStuckAfter)
	}
}
