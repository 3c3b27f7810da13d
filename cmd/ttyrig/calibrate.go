package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

func calibrate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("calibrate", "[--runtime NAME] [--json] files...", stderr)
	runtime := fs.String("runtime", "", "readiness profile (default: inferred from each recording's command)")
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "ttyrig calibrate: want one or more recording files")
		return errUsage
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
	}
	if *asJSON {
		return recordings.WriteJSON(stdout, cals)
	}
	return recordings.WriteTable(stdout, cals)
}
