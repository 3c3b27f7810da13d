package main

import (
	"fmt"
	"io"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

func replay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay", "[--events] [--runtime NAME] [--at SECONDS] file.cast", stderr)
	events := fs.Bool("events", false, "print the readiness transitions as JSON lines instead of the screen")
	runtime := fs.String("runtime", "", "readiness profile: generic, claude, codex, gemini or a .json file (default: inferred from the recording's command)")
	at := fs.Float64("at", -1, "print the screen at this many seconds into the recording (default: the end)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "ttyrig replay: want exactly one recording file")
		return errUsage
	}
	cast, err := asciicast.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime(*runtime))
	if err != nil {
		return err
	}
	defer rep.Close()
	if *at >= 0 {
		snap := rep.At(time.Duration(*at * float64(time.Second)))
		if *events {
			return writeEvents(stdout, rep.Start(), rep.Timeline())
		}
		_, err := fmt.Fprint(stdout, snap.String())
		return err
	}
	timeline := rep.Run()
	if *events {
		return writeEvents(stdout, rep.Start(), timeline)
	}
	_, err = fmt.Fprint(stdout, rep.Snapshot().String())
	return err
}
