// Package racesample lets a test that checks every recording in the
// repository take a sample of them when the test binary runs under the
// race detector.
//
// The equivalence checks (a cache or a shortcut of the engine changes no
// decision) replay each recording on one goroutine: -race slows them five-
// to tenfold and has no shared memory to watch there, and they made make
// test's race run wait on them for two minutes. make test runs them in full
// without -race as well (Makefile, target equivalence).
package racesample

import "testing"

// Files returns files, or every fourth of them under the race detector,
// saying so in the test's log.
func Files(tb testing.TB, files []string) []string {
	tb.Helper()
	if !raceDetector {
		return files
	}
	var some []string
	for i := 0; i < len(files); i += 4 {
		some = append(some, files[i])
	}
	tb.Logf("under -race: %d of %d recordings (every fourth; all of them without -race)", len(some), len(files))
	return some
}
