package ready

import (
	"slices"
	"testing"
)

var shapeSeeds = []string{
	"", "12", "1,024.5 MB", "12:30:01", "1..2", "1.2.", "v1.2.3-rc4", "  0%|          | 0/10 [00:00<?, ?it/s]",
	"[##   ] 37%", "|##|##|", "[[##]", "|  |  |", "[x]", "[ ]", "|█▉▊▋▌▍▎▏#=>━■▰░▒▓▱ .-|", "[\xff]", "[\uFFFD]",
	"Loading.", "Loading..", "Loading...", "Loading....", "wait… ", "wait…\tx", "a... b", ". .. ... .... .....",
	"..…", "…", "x.\ny", "x.\vy", "x.\fy", "tail...", "ünïcode 12… [██  ]",
}

// The scanners find exactly what the patterns they replace find.
func FuzzShapeScanners(f *testing.F) {
	for _, s := range shapeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkShapes(t, s) })
}

func TestShapeScannersOnRecordedRows(t *testing.T) {
	t.Parallel() // replays, CPU-bound and sharing nothing: docs/LOAD.md, round 7
	for _, s := range append(recordedRows(t), shapeSeeds...) {
		checkShapes(t, s)
	}
}

func checkShapes(t *testing.T, s string) {
	t.Helper()
	if got, want := barSegments(s), barSegment.FindAllStringIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("barSegments(%q) = %v, want %v", s, got, want)
	}
	if got, want := flattenBars(s), barSegment.ReplaceAllString(s, "[#]"); got != want {
		t.Errorf("flattenBars(%q) = %q, want %q", s, got, want)
	}
	if got, want := flattenDigits(s), digitRun.ReplaceAllString(s, "0"); got != want {
		t.Errorf("flattenDigits(%q) = %q, want %q", s, got, want)
	}
	if got, want := flattenDots(s), dotsRun.ReplaceAllString(s, "…$2"); got != want {
		t.Errorf("flattenDots(%q) = %q, want %q", s, got, want)
	}
	_, _, bar := nextBar(s, 0)
	_, _, dots := nextDots(s, 0)
	if bar != barSegment.MatchString(s) || dots != dotsRun.MatchString(s) {
		t.Errorf("%q: bar %v dots %v, patterns say %v %v", s, bar, dots, barSegment.MatchString(s), dotsRun.MatchString(s))
	}
}
