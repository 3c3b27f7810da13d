package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/recordings"
)

// learnProfile is calibrate --learn: learn a profile from marked
// recordings, write it to out, print its rules and the leave-one-out check
// (beside the profile named by compare, if any).
func learnProfile(paths []string, out, compare string, check bool, stdout, stderr io.Writer) error {
	recs, err := recordings.ReadMarked(paths...)
	if err != nil {
		return err
	}
	name := strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
	if out == "" || out == "-" {
		name = "learnt"
	}
	var hand *ready.Profile
	if compare != "" {
		p, err := ready.Resolve(compare, nil)
		if err != nil {
			return err
		}
		hand = &p
	}
	var l *recordings.Learned
	var rows []recordings.HeldOut
	if check {
		l, rows, err = recordings.LearnAndCheck(name, recs, hand)
	} else {
		l, err = recordings.Learn(name, recs)
	}
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(l.Profile, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if out == "" || out == "-" {
		if _, err := stdout.Write(data); err != nil {
			return err
		}
	} else if err := writeFileAtomic(out, data, 0o644); err != nil {
		return err
	} else {
		fmt.Fprintf(stdout, "wrote %s\n", out)
	}
	fmt.Fprintln(stdout, "\nrules (the turns that show each, of the turns looked at, and the recordings they came from):")
	if err := recordings.WriteRules(stdout, l.Rules); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\non the recordings it was learnt from:")
	if err := recordings.WriteScores(stdout, l.Fit); err != nil {
		return err
	}
	if !check {
		return nil
	}
	if len(recs) < 2 {
		fmt.Fprintln(stderr, "ttyrig calibrate: one recording: no leave-one-out check (give two or more)")
		return nil
	}
	fmt.Fprintln(stdout, "\nleave-one-out: each recording scored with the profile learnt from the others (early / missed / p50):")
	return recordings.WriteHeldOut(stdout, rows)
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it over path, so a reader never sees half a file.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	if err := f.Chmod(perm); werr == nil {
		werr = err
	}
	if err := f.Close(); werr == nil {
		werr = err
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, werr)
	}
	return nil
}
