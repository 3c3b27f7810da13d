//go:build race

package racesample

// raceDetector: this binary was built with -race.
const raceDetector = true
