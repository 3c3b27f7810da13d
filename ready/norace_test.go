//go:build !race

package ready

// raceDetector: this test binary was built without -race.
const raceDetector = false
