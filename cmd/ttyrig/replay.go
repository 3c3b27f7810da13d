package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/screen"
)

const replaySynopsis = "[--events] [--runtime NAME] [--at SECONDS] [--screen plain|decorated|svg|html] file.cast"

func replay(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("replay", replaySynopsis, stdout, stderr)
	events := fs.Bool("events", false, "print the readiness decisions as JSON lines instead of the screen")
	runtime := fs.String("runtime", "", "readiness profile: generic, claude, codex, gemini or a .json file (default: inferred from the recording's command)")
	at := fs.String("at", "", "print the screen at this many seconds into the recording (default: the end)")
	view := fs.String("screen", "", "how to print the screen: plain (its rows), decorated (size, cursor, numbered rows), svg or html (a picture)\n(default: decorated on a terminal, plain otherwise)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fs.usageError("want exactly one recording file")
	}
	draw, err := screenView(*view, stdout)
	if err != nil {
		return fs.usageError("%v", err)
	}
	cast, err := asciicast.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	var offset time.Duration
	if *at != "" {
		if offset, err = parseAt(*at, cast.Duration()); err != nil {
			return fs.usageError("%v", err)
		}
	}
	rep, err := recordings.Replay(cast, recordings.WithRuntime(*runtime))
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	defer rep.Close()
	defer func() {
		if err := rep.Fault(); err != nil {
			fmt.Fprintf(stderr, "ttyrig replay: %s: %v\n", fs.Arg(0), err)
		}
	}()
	if *at != "" {
		snap := rep.At(offset)
		if *events {
			return writeEvents(stdout, rep.Start(), rep.Timeline())
		}
		_, err := stdout.Write(draw(snap, fmt.Sprintf("%s at +%.3fs", fs.Arg(0), offset.Seconds())))
		return err
	}
	timeline := rep.Run()
	if *events {
		return writeEvents(stdout, rep.Start(), timeline)
	}
	_, err = stdout.Write(draw(rep.Snapshot(), fs.Arg(0)))
	return err
}

// parseAt reads --at: seconds from the start, at most the recording's
// length.
func parseAt(s string, length time.Duration) (time.Duration, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("--at %q is not a number of seconds", s)
	case math.IsNaN(f) || math.IsInf(f, 0):
		return 0, fmt.Errorf("--at %s is not a time in the recording (want seconds from 0 to %.3f)", s, length.Seconds())
	case f < 0:
		return 0, fmt.Errorf("--at %s is before the start of the recording (want seconds from 0 to %.3f)", s, length.Seconds())
	case f > length.Seconds()+0.0005:
		return 0, fmt.Errorf("--at %s is past the end of the recording at %.3f s", s, length.Seconds())
	}
	return min(time.Duration(f*float64(time.Second)), length), nil
}

// screenView chooses how a screen is printed.
func screenView(name string, stdout io.Writer) (func(screen.Snapshot, string) []byte, error) {
	if name == "" {
		name = "plain"
		if f, ok := stdout.(*os.File); ok && term.IsTerminal(f.Fd()) {
			name = "decorated"
		}
	}
	switch name {
	case "plain":
		return func(s screen.Snapshot, _ string) []byte {
			lines := s.Lines()
			for i := range lines {
				lines[i] = strings.TrimRight(lines[i], " ")
			}
			for len(lines) > 0 && lines[len(lines)-1] == "" {
				lines = lines[:len(lines)-1] // the cursor's empty row
			}
			if len(lines) == 0 {
				return nil
			}
			return []byte(strings.Join(lines, "\n") + "\n")
		}, nil
	case "decorated":
		return func(s screen.Snapshot, _ string) []byte { return []byte(s.String()) }, nil
	case "svg":
		return func(s screen.Snapshot, caption string) []byte { return picture.SVG(s, picture.WithCaption(caption)) }, nil
	case "html":
		return func(s screen.Snapshot, caption string) []byte { return picture.HTML(s, picture.WithCaption(caption)) }, nil
	}
	return nil, fmt.Errorf("--screen %q: want plain, decorated, svg or html", name)
}
