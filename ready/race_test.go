//go:build race

package ready

// raceDetector: this test binary was built with -race (sample_internal_test.go's
// sampleUnderRace reads it).
const raceDetector = true
