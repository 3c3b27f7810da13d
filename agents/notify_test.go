//go:build agents

package agents_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/fixtures/agents"
	"github.com/ttyrig/ttyrig/fixtures/fakemodel"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
	"github.com/ttyrig/ttyrig/termtest"
)

// phase is a stretch of a notification session: busy from the input that
// started it until the fake model's last byte, then waiting for the user
// until the next phase starts.
type phase struct {
	name     string
	from     time.Time // the first byte of the input; the spawn for start-up
	lastByte time.Time // the model's last byte; zero for start-up
	decided  time.Time // when WaitForReady returned ready or question
	state    ready.State
}

// notice is one notification mark and where it fell.
type notice struct {
	at    time.Time
	mark  screen.Mark
	phase int
	where string // "start-up", "busy", "waiting" or "repeat"
}

// notifySession drives one CLI through two turns and a tool approval with
// its notification channel on, noting the phases, and returns where each
// notification mark fell. It holds the approval question holdQuestion (Claude
// Code rings only after 6 s without user activity) and waits holdEnd at
// the end for late marks.
func notifySession(t *testing.T, runtime string, opts ...agents.Option) ([]phase, []notice) {
	t.Helper()
	const holdQuestion, holdEnd = 7 * time.Second, 2 * time.Second
	s := start(t, runtime, "notify", opts...)
	lastByte := func() time.Time {
		turns := s.srv.Turns()
		if len(turns) == 0 {
			return time.Time{}
		}
		return turns[len(turns)-1].LastByteAt
	}
	var ph []phase
	tr := s.waitReady()
	if tr.State != ready.Ready {
		t.Fatalf("first state %v, want ready\n%s", tr, s.term.Describe())
	}
	ph = append(ph, phase{name: "start-up", from: s.term.Started(), decided: tr.Time, state: tr.State})
	for i, p := range []struct{ prompt, answer string }{{"say hi", "Hello from the fake model"}, {"and again", "Second answer here"}} {
		from := time.Now()
		tr := s.turn(p.prompt, p.answer)
		ph = append(ph, phase{name: "turn " + strconv.Itoa(i+1), from: from, lastByte: lastByte(), decided: tr.Time, state: tr.State})
	}
	q := map[string]string{
		agents.RuntimeClaude: "Do you want to proceed?",
		agents.RuntimeCodex:  "Would you like to run the following command?",
		agents.RuntimeGemini: "Allow execution of [Shell]?",
	}[runtime]
	s.srv.Script(fakemodel.Shell("touch proof.txt && echo tool-ran-ok"), fakemodel.Text("The command printed tool-ran-ok.").After(500*time.Millisecond))
	from := time.Now()
	s.term.Submit("run the proof command")
	tr = s.question(q)
	ph = append(ph, phase{name: "approval", from: from, lastByte: lastByte(), decided: tr.Time, state: tr.State})
	time.Sleep(holdQuestion)
	from = time.Now()
	s.term.Press(termtest.KeyEnter)
	tr = s.waitReady()
	if tr.State != ready.Ready || !strings.Contains(s.term.Snapshot().Text(), "The command printed tool-ran-ok.") {
		t.Fatalf("after the approval: %v\n%s", tr, s.term.Describe())
	}
	ph = append(ph, phase{name: "after approval", from: from, lastByte: lastByte(), decided: tr.Time, state: tr.State})
	time.Sleep(holdEnd)
	started := s.term.Started()
	s.finish()
	c, err := asciicast.ReadFile(s.term.RecordingPath())
	if err != nil {
		t.Fatal(err)
	}
	return ph, notices(t, c, started, ph)
}

// notices replays the recording's output through a screen and places every
// notification mark (OSC 9, 777, 99, BEL) in the phases.
func notices(t *testing.T, c *asciicast.Cast, started time.Time, ph []phase) []notice {
	t.Helper()
	scr := screen.New(c.Header.Width, c.Header.Height)
	defer scr.Close()
	var out []notice
	seen := map[int]bool{}
	for _, e := range c.Events {
		if e.Kind != asciicast.Output {
			continue
		}
		at := started.Add(e.Time)
		for _, m := range scr.WriteAt(at, []byte(e.Data)).Marks {
			if m.Kind != screen.MarkNotify && m.Kind != screen.MarkBell {
				continue
			}
			n := notice{at: at, mark: m}
			for i, p := range ph {
				if !at.Before(p.from) {
					n.phase = i
				}
			}
			p := ph[n.phase]
			switch {
			case p.lastByte.IsZero():
				n.where = "start-up"
			case at.Before(p.lastByte):
				n.where = "busy"
			case seen[n.phase]:
				n.where = "repeat"
			default:
				n.where = "waiting"
				seen[n.phase] = true
			}
			out = append(out, n)
		}
	}
	return out
}

// notifyRuns is how many sessions per CLI TestNotifications runs:
// TTYRIG_NOTIFY_RUNS, default 1.
func notifyRuns(t *testing.T) int {
	n, err := strconv.Atoi(os.Getenv("TTYRIG_NOTIFY_RUNS"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// maxNotifyDelay bounds how long after the model's last byte a turn's
// notification may come: measured 14–45 ms at turn ends, 362 ms for
// Gemini's approval message (it waits for the dialog to be drawn).
const maxNotifyDelay = time.Second

// TestNotifications measures the CLIs' own notification channels (turned
// on by the setups) and asserts what was measured: for each phase of two
// turns and a tool approval, a mark while the CLI waits for the user, within
// maxNotifyDelay of the model's last byte, and none at start-up or while
// busy. Claude Code's approval bell is not asserted: it rings only after 6 s
// without user activity (measured 6.03–6.06 s after the last byte in 6
// sessions, missing in a 7th with the question held 7 s). The log has, per mark,
// its delay after the last byte and after the engine's decision.
// TTYRIG_NOTIFY_RUNS repeats the sessions.
func TestNotifications(t *testing.T) {
	var table []string
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			for run := range notifyRuns(t) {
				ph, ns := notifySession(t, rt)
				fired := map[int]notice{}
				for _, n := range ns {
					p := ph[n.phase]
					line := fmt.Sprintf("%s run %d: %s in %q (%s) %+v after the last byte, %+v after the engine's %s",
						rt, run+1, clipped(n.mark.Raw), p.name, n.where, n.at.Sub(p.lastByte).Round(time.Millisecond), n.at.Sub(p.decided).Round(time.Millisecond), p.state)
					t.Log(line)
					table = append(table, line)
					switch n.where {
					case "waiting":
						fired[n.phase] = n
					case "start-up", "busy":
						t.Errorf("spurious: %s", line)
					}
				}
				for i, p := range ph[1:] {
					n, ok := fired[i+1]
					late := rt == agents.RuntimeClaude && p.name == "approval" // rings after 6 s without user activity, when at all
					if !ok {
						line := fmt.Sprintf("%s run %d: nothing in %q (engine %s %+v after the last byte)", rt, run+1, p.name, p.state, p.decided.Sub(p.lastByte).Round(time.Millisecond))
						t.Log(line)
						table = append(table, line)
						if late {
							continue
						}
						t.Errorf("no notification: %s", line)
						continue
					}
					if d := n.at.Sub(p.lastByte); d > maxNotifyDelay && !late {
						t.Errorf("%s run %d: the notification in %q came %v after the last byte, want at most %v", rt, run+1, p.name, d, maxNotifyDelay)
					}
				}
			}
		})
	}
	t.Log("notification marks:\n" + strings.Join(table, "\n"))
}

// Without the setting (agents.WithoutNotifications) the CLIs send no
// notification mark at all: the marks above come from the channel turned
// on, not from something else ringing the bell.
func TestNotificationsOff(t *testing.T) {
	for _, rt := range runtimes {
		t.Run(rt, func(t *testing.T) {
			ph, ns := notifySession(t, rt, agents.WithoutNotifications())
			for _, n := range ns {
				t.Errorf("%s in %q (%s) with notifications off", clipped(n.mark.Raw), ph[n.phase].name, n.where)
			}
		})
	}
}

func clipped(s string) string {
	if len(s) > 70 {
		return s[:70] + "…"
	}
	return s
}
