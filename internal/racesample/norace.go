//go:build !race

package racesample

// raceDetector: this binary was built without -race.
const raceDetector = false
