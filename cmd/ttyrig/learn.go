package main

import (
	"fmt"
	"io"
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
	if out == "" || out == "-" {
		data, err := l.ProfileJSON()
		if err != nil {
			return err
		}
		if _, err := stdout.Write(data); err != nil {
			return err
		}
	} else if err := l.Save(out); err != nil {
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
