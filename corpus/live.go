package corpus

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/termtest"
)

// Result is one live run of a scenario.
type Result struct {
	Cast  *asciicast.Cast // the recording with the ground truth as "ready"/"busy" markers
	Live  Score           // the engine's live timeline judged against the truth
	Notes []string        // what happened that the scores do not say (failed submits, timeouts)
}

// truthBound bounds the wait for the program's own ready after the engine's.
const truthBound = 15 * time.Second

// ErrClockStepped: the wall clock moved against the monotonic one during a
// live run. The truth's times are wall-clock readings (the hooks' log lines,
// strace's -tt stamps) set against the run's start, so a step shifts every
// mark after it: a live run of blessed-status found its hook's marks 90 ms
// after the keys the harness had typed on reading them, three turns scored
// early and missed. Such a run says nothing of the engine: run it again.
var ErrClockStepped = errors.New("the wall clock stepped")

// maxClockStep is the most the wall clock may drift from the monotonic one
// over a run (a slew is microseconds; the step seen was 90 ms).
const maxClockStep = 5 * time.Millisecond

// clockStep returns how far the wall clock moved against the monotonic
// one since start.
func clockStep(start time.Time) time.Duration {
	now := time.Now()
	return now.Round(0).Sub(start.Round(0)) - now.Sub(start)
}

// Run drives sc live in a real PTY (100x30) in a fresh directory under
// work and returns the recording with its ground truth.
func Run(ctx context.Context, sc Scenario, env *Env, work string) (*Result, error) {
	dir, err := os.MkdirTemp(work, sc.Name+"-")
	if err != nil {
		return nil, err
	}
	argv, err := sc.Command(env, dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Name, err)
	}
	display := strings.Join(argv, " ")
	logPath := filepath.Join(dir, "truth.jsonl")
	tracePath := filepath.Join(dir, "strace.log")
	if sc.Truth == Strace && !sc.SelfTraced {
		argv = StraceCommand(tracePath, argv)
	}
	raw := filepath.Join(dir, "raw.cast")
	term, err := termtest.Start(ctx, argv,
		termtest.WithSize(100, 30), termtest.WithRecording(raw), termtest.WithDir(dir),
		termtest.WithEnv(fixtures.LogEnv+"="+logPath, "HOME="+dir, "PS1=$ ", "LANG=C.UTF-8", "GIT_CONFIG_NOSYSTEM=1"),
		termtest.WithEnv(sc.Env...),
		termtest.WithTimeout(WaitBound))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Name, err)
	}
	defer term.Close() // idempotent; the normal path closes it before reading the recording
	res := &Result{}
	note := func(format string, a ...any) { res.Notes = append(res.Notes, fmt.Sprintf(format, a...)) }
	readyTurns := 0
	type submitAt struct {
		step int
		text string
		at   time.Time
	}
	var submitted []submitAt
	type askedAt struct {
		kind string
		at   time.Time
	}
	var asked []askedAt
	// awaitTruth waits for the program's own ready number n (hook truth).
	awaitTruth := func(n int) bool {
		deadline := time.Now().Add(truthBound)
		for time.Now().Before(deadline) {
			if countReady(logPath) >= n {
				return true
			}
			select {
			case <-term.Done():
				return countReady(logPath) >= n
			case <-ctx.Done():
				return false
			case <-time.After(5 * time.Millisecond):
			}
		}
		return false
	}
	for i, st := range sc.Steps {
		engineReady := true
		if !st.NoWait {
			wctx, cancel := context.WithTimeout(ctx, WaitBound)
			_, werr := term.WaitForReadyContext(wctx)
			cancel()
			if werr != nil {
				engineReady = false
				note("step %d: engine not ready within %v", i+1, WaitBound)
			}
			if sc.Truth == Hook && !sc.NeverReads {
				readyTurns++
				if !awaitTruth(readyTurns) {
					note("step %d: the program never logged ready %d", i+1, readyTurns)
				}
			}
		}
		if _, exited := term.ExitCode(); exited {
			note("step %d: program exited before it", i+1)
			break
		}
		if st.Asks != "" {
			asked = append(asked, askedAt{kind: st.Asks, at: time.Now()})
		}
		// The harness waits itself (above); its keys go at once, as a
		// NoWait step's must (Ctrl-C right after a Submit).
		now := term.NoWait()
		switch {
		case len(st.Keys) > 0:
			err = now.PressContext(ctx, st.Keys...)
		case st.Type != "":
			err = now.TypeContext(ctx, st.Type)
		case engineReady:
			began := time.Now()
			sctx, cancel := context.WithTimeout(ctx, WaitBound)
			err = term.SubmitContext(sctx, st.Submit)
			cancel()
			if err != nil {
				note("step %d: Submit(%q) failed: %v", i+1, st.Submit, firstLine(err))
				err = nil
			} else {
				submitted = append(submitted, submitAt{step: i + 1, text: st.Submit, at: began})
			}
		default:
			// The engine never said ready: type the line the way Submit
			// would, without its readiness checks.
			if err = now.TypeContext(ctx, st.Submit); err == nil {
				time.Sleep(50 * time.Millisecond)
				err = now.PressContext(ctx, enter)
			}
		}
		if err != nil && !errors.Is(err, termtest.ErrClosed) {
			note("step %d: %v", i+1, firstLine(err))
		}
		if st.Pause > 0 {
			time.Sleep(st.Pause)
		}
	}
	// The last state: the program exits or waits for more; either way wait.
	wctx, cancel := context.WithTimeout(ctx, WaitBound)
	_, _ = term.WaitForReadyContext(wctx)
	cancel()
	if sc.Truth == Hook {
		select {
		case <-term.Done():
		case <-time.After(2 * time.Second):
		}
	}
	timeline, started := term.Timeline(), term.Started()
	_ = term.Close()
	if d := clockStep(started); d > maxClockStep || d < -maxClockStep {
		return nil, fmt.Errorf("%s: %w by %v during the run", sc.Name, ErrClockStepped, d.Round(time.Millisecond))
	}

	cast, err := asciicast.ReadFile(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Name, err)
	}
	var marks []Mark
	switch sc.Truth {
	case Hook:
		marks, err = hookTruth(logPath)
	case Strace:
		var inputs []time.Time
		for _, e := range cast.Events {
			if e.Kind == asciicast.Input {
				inputs = append(inputs, started.Add(e.Time))
			}
		}
		// Beside the strace log, so that its truth can be derived again
		// from a kept run (TTYRIG_CORPUS_KEEP; TestStraceKept).
		if err := writeInputTimes(filepath.Join(dir, inputsFile), inputs); err != nil {
			return nil, fmt.Errorf("%s: %w", sc.Name, err)
		}
		if sc.Threads {
			marks, err = StraceThreadsTruth(tracePath, inputs)
		} else {
			marks, err = StraceTruth(tracePath, inputs, OnScreen(cast.Header.Width, cast.Header.Height))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: ground truth: %w", sc.Name, err)
	}
	for _, a := range asked {
		last := -1
		for j, m := range marks {
			if m.Ready && !m.At.After(a.at) {
				last = j
			}
		}
		if last >= 0 && marks[last].Prompt == "" {
			marks[last].Prompt = a.kind
		}
	}
	// Before its first ready the program is starting up: busy.
	cast.Events = append(cast.Events, asciicast.Event{Time: 0, Kind: asciicast.Marker, Data: recordings.MarkBusy})
	for _, m := range marks {
		label := recordings.MarkBusy
		if m.Ready {
			label = recordings.MarkReady
		}
		at := max(m.At.Sub(started), 0)
		cast.Events = append(cast.Events, asciicast.Event{Time: at, Kind: asciicast.Marker, Data: label})
		if m.Prompt != "" {
			cast.Events = append(cast.Events, asciicast.Event{Time: at, Kind: asciicast.Marker, Data: MarkPrompt + m.Prompt})
		}
	}
	sort.SliceStable(cast.Events, func(i, j int) bool { return cast.Events[i].Time < cast.Events[j].Time })
	// Machine-specific: temporary paths and the date.
	cast.Header.Command = strings.ReplaceAll(strings.ReplaceAll(display, dir, "."), env.Root, "corpus")
	cast.Header.Timestamp = time.Time{}
	cast.Header.Title = sc.Name + " (" + sc.Library + "), truth: " + sc.Truth
	res.Cast = cast
	truth := Truth(cast)
	if err := CheckTruth(truth); err != nil {
		return nil, fmt.Errorf("%s: %w", sc.Name, err)
	}
	for _, s := range submitted {
		if !trulyWaiting(truth, s.at.Sub(started)) {
			note("step %d: Submit(%q) reported success, but the program was busy (not reading) when it typed", s.step, s.text)
		}
	}
	res.Live = Judge("engine (live)", timeline, started, truth)
	return res, nil
}

func hookTruth(path string) ([]Mark, error) {
	evs, err := fixtures.ReadLog(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil // never wrote one: never ready
		}
		return nil, err
	}
	var marks []Mark
	for _, ev := range evs {
		switch ev.Event {
		case fixtures.EventReady:
			marks = append(marks, Mark{At: ev.Time(), Ready: true, Prompt: ev.Prompt, Why: "hook: " + ev.Prompt})
		case fixtures.EventBusy:
			marks = append(marks, Mark{At: ev.Time(), Why: "hook: took " + ev.Text})
		}
	}
	return marks, nil
}

func countReady(path string) int {
	evs, err := fixtures.ReadLog(path)
	if err != nil {
		return 0
	}
	n := 0
	for _, ev := range evs {
		if ev.Event == fixtures.EventReady {
			n++
		}
	}
	return n
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}
