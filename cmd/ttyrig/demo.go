package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ttyrig/ttyrig/fixtures"
	"github.com/ttyrig/ttyrig/internal/seeds"
	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/termtest"
)

// demo drives the fixture agent (an agent-like TUI whose cursor sits in its
// input box even while a spinner says it is busy: the trap that fools the
// usual "cursor column + short quiet" rule), shows what ttyrig saw, saves
// the recording, and replays it to show the replayed timeline matches.
const demoSynopsis = "[-o file.cast] [--runtime NAME]"

func demo(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("demo", demoSynopsis, stdout, stderr)
	out := fs.String("o", filepath.Join(os.TempDir(), "ttyrig-demo.cast"), "where to save the recording")
	runtime := fs.String("runtime", "claude", "readiness profile to drive the agent with")
	if err := fs.parse(args); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "building the fixture agent…")
	bin, err := fixtures.Path("agent")
	if err != nil {
		return err
	}
	defer fixtures.Cleanup()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	term, err := termtest.Start(ctx, []string{bin, "-work", "2s", "-seed", "7"},
		termtest.WithSize(80, 20), termtest.WithRuntime(*runtime), termtest.WithRecording(*out),
		termtest.WithTimeout(20*time.Second))
	if err != nil {
		return err
	}
	defer term.Close()

	tr, err := term.WaitForReadyContext(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\n== %s after %.3fs (%s)\n%s", tr.State, tr.Time.Sub(term.Started()).Seconds(), tr.Reason, term.Snapshot())
	for _, prompt := range []string{"say hi", "and once more"} {
		fmt.Fprintf(stdout, "\n== Submit(%q): type, press Enter, confirm the agent took it\n", prompt)
		if err := term.SubmitContext(ctx, prompt); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "state now: %s (%s)\n", term.State().State, term.State().Reason)
		tr, err := term.WaitForReadyContext(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\n== %s at +%.3fs (%s)\n%s", tr.State, tr.Time.Sub(term.Started()).Seconds(), tr.Reason, term.Snapshot())
	}
	live := term.Timeline()
	if err := term.Close(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\n== readiness timeline (live)")
	for _, tr := range live {
		fmt.Fprintf(stdout, "  +%7.3fs  %-8s cursor %-6s %-9s %s\n", tr.Time.Sub(term.Started()).Seconds(), tr.State, tr.Cursor, tr.Signal, tr.Reason)
	}
	fmt.Fprintf(stdout, "\nrecording saved: %s (its trace page: ttyrig show %s)\n", *out, *out)

	var evs []ready.Event
	rep, err := recordings.ReplayFile(*out, recordings.WithRuntime(*runtime), recordings.WithTap(func(ev ready.Event) { evs = append(evs, ev) }))
	if err != nil {
		return err
	}
	defer rep.Close()
	start := time.Now()
	replayed := rep.Run()
	seed := seeds.Column(3, 150*time.Millisecond)
	seeds.Run(seed, evs, rep.Start().Add(rep.End()))
	fmt.Fprintf(stdout, "replayed in %v on a virtual clock: %d transitions live, %d replayed\n", time.Since(start).Round(time.Microsecond), len(live), len(replayed))
	fmt.Fprintln(stdout, "  live → replayed (state, offset)")
	for i := 0; i < max(len(live), len(replayed)); i++ {
		fmt.Fprintf(stdout, "  %-22s %s\n", describe(live, i, term.Started()), describe(replayed, i, rep.Start()))
	}

	// The same recording through the usual rule, "cursor column ≥ 3 and
	// 150 ms without output": the agent keeps its cursor in the input box
	// while its spinner runs, so the rule calls it ready mid-turn.
	early := 0
	for _, tr := range seed.Timeline() {
		if tr.State.Waiting() && stateAt(replayed, tr.Time) == ready.Busy {
			early++
		}
	}
	fmt.Fprintf(stdout, "\nthe usual rule \"%s\" on the same recording: %d ready decisions while ttyrig saw the agent busy\n", seed.Name(), early)
	return nil
}

// stateAt returns the state a timeline was in at t.
func stateAt(tl []ready.Transition, t time.Time) ready.State {
	st := ready.Starting
	for _, tr := range tl {
		if tr.Time.After(t) {
			break
		}
		st = tr.State
	}
	return st
}

func describe(tl []ready.Transition, i int, start time.Time) string {
	if i >= len(tl) {
		return "-"
	}
	return fmt.Sprintf("%s +%.3fs", tl[i].State, tl[i].Time.Sub(start).Seconds())
}
