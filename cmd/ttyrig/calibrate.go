package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

const calibrateSynopsis = "[--runtime NAME] [--json] files... | --learn [-o NAME.json] [--compare NAME] [--check=false] marked.cast..."

// calibrateColumns explains the table's columns (ttyrig help calibrate).
// "Truly ready" and "truly busy" are the recording's ready and busy
// markers: the ground truth (Ctrl-] r / Ctrl-] b in ttyrig record).
const calibrateColumns = `
columns of the table (one row per recording):
  turns             ready markers: the moments a person saw the program waiting for input
  idle col          the cursor's column at those moments ("hidden": the cursor was hidden at one)
  idle row↑         the cursor's row at those moments, counted up from the last row with text (0: on it)
  busy cols         the cursor's columns while the program was truly busy
  distinct          true when no idle column is also a busy column: the cursor's column alone tells ready from busy
  longest busy gap  the longest silence between two outputs while truly busy
  min quiet         the shortest quiet window that is never early: just over the longest busy gap
  latency p50, p95  from each ready marker to the engine's ready, median and 95th percentile
  missed            ready markers the engine never answered with ready
  premature         times the engine said ready while the program was truly busy
  signals           the engine's signals that decided ready
  premature by the usual rules
                    the same count for common rules of thumb (3 s of silence, polling, cursor column + quiet)
`

func calibrate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("calibrate", calibrateSynopsis, stdout, stderr)
	runtime := fs.String("runtime", "", "readiness profile (default: inferred from each recording's command)")
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	learn := fs.Bool("learn", false, "learn a profile from recordings with ready/busy (and question) markers, and check it leaving one recording out at a time")
	out := fs.String("o", "", "with --learn: where to write the profile (default: print it)")
	compare := fs.String("compare", "", "with --learn: a profile (built-in name or .json) to score beside the learnt one and generic")
	check := fs.Bool("check", true, "with --learn: run the leave-one-out check")
	if err := fs.parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, calibrateColumns)
		}
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
	if err := recordings.WriteTable(stdout, cals); err != nil {
		return err
	}
	fmt.Fprintln(stderr, "ttyrig calibrate: the columns are explained by: ttyrig help calibrate")
	return nil
}
