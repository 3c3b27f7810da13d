//go:build !race

package recordings

// raceDetector: this test binary was built without -race.
const raceDetector = false
