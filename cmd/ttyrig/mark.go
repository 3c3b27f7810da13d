package main

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/ttyrig/ttyrig/recordings"
)

const markSynopsis = "file.cast --at SECONDS LABEL [--at SECONDS LABEL...]"

// mark adds markers to a recording after the fact: ground truth (ready,
// busy, question) for calibration, put where a person watching the replay
// saw the program change.
func mark(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("mark", markSynopsis, stdout, stderr)
	var marks []recordings.Mark
	var pending []time.Duration
	fs.Func("at", "the time of the marker, in seconds into the recording (its LABEL follows)", func(s string) error {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 0 || f > 1e9 {
			return fmt.Errorf("want seconds into the recording, like 3.25, got %q", s)
		}
		pending = append(pending, time.Duration(f*float64(time.Second)))
		return nil
	})
	// Flags and words may come in any order: "file.cast --at 3 ready".
	var words []string
	rest := args
	for {
		if err := fs.parse(rest); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		words = append(words, fs.Arg(0))
		if len(pending) > len(marks) {
			marks = append(marks, recordings.Mark{At: pending[len(marks)], Label: fs.Arg(0)})
			words = words[:len(words)-1]
		}
		rest = fs.Args()[1:]
	}
	switch {
	case len(words) != 1:
		return fs.usageError("want one recording file, got %d", len(words))
	case len(pending) == 0:
		return fs.usageError("want --at SECONDS LABEL")
	case len(pending) > len(marks):
		return fs.usageError("--at %v has no LABEL after it", pending[len(marks)].Seconds())
	}
	if err := recordings.MarkFile(words[0], marks...); err != nil {
		return err
	}
	for _, m := range marks {
		fmt.Fprintf(stdout, "%s: marker %q at %.6fs\n", words[0], m.Label, m.At.Seconds())
	}
	return nil
}
