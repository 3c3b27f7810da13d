package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

const calibrateSynopsis = "[--runtime NAME] [--json] files... | --learn [-o NAME.json] [--compare NAME] [--check=false] marked.cast..."

func calibrate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("calibrate", calibrateSynopsis, stdout, stderr)
	runtime := fs.String("runtime", "", "readiness profile (default: inferred from each recording's command)")
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	learn := fs.Bool("learn", false, "learn a profile from recordings with ready/busy (and question) markers, and check it leaving one recording out at a time")
	out := fs.String("o", "", "with --learn: where to write the profile (default: print it)")
	compare := fs.String("compare", "", "with --learn: a profile (built-in name or .json) to score beside the learnt one and generic")
	check := fs.Bool("check", true, "with --learn: run the leave-one-out check")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fs.usageError("want one or more recording files")
	}
	if *learn {
		return learnProfile(fs.Args(), *out, *compare, *check, stdout, stderr)
	}
	var cals []*recordings.Calibration
	for i, path := range fs.Args() {
		if fs.NArg() > 3 {
			fmt.Fprintf(stderr, "[%d/%d] %s\n", i+1, fs.NArg(), path)
		}
		cast, err := asciicast.ReadFile(path)
		if err != nil {
			return err
		}
		cal, err := recordings.Calibrate(strings.TrimSuffix(filepath.Base(path), ".cast"), cast, recordings.WithRuntime(*runtime))
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		cals = append(cals, cal)
		if cal.Turns == 0 {
			fmt.Fprintf(stderr, "ttyrig calibrate: %s has no %q or %q markers, so its row has no turns, latencies, misses or premature decisions (only where the cursor sat); mark the moments a person saw the program ready and busy: Ctrl-] r and Ctrl-] b in ttyrig record, or Terminal.Marker in a test\n",
				path, recordings.MarkReady, recordings.MarkBusy)
		}
	}
	if *asJSON {
		return recordings.WriteJSON(stdout, cals)
	}
	return recordings.WriteTable(stdout, cals)
}
