package ready

import "testing"

// sampleUnderRace returns files, or every fourth of them when the test
// binary runs under the race detector. The equivalence checks (a cache or a
// shortcut changes no decision, on every recording in the repository)
// replay each recording on one goroutine: -race slows them five- to
// tenfold and has no shared memory to watch there, and they made make
// test's race run wait on them for two minutes. make test runs them in
// full without -race as well (Makefile, target equivalence).
func sampleUnderRace(t testing.TB, files []string) []string {
	t.Helper()
	if !raceDetector {
		return files
	}
	var some []string
	for i := 0; i < len(files); i += 4 {
		some = append(some, files[i])
	}
	t.Logf("under -race: %d of %d recordings (every fourth; all of them without -race)", len(some), len(files))
	return some
}
