// Package recordings records terminal sessions as asciicast files, replays
// them on a virtual clock through the same screen and readiness engine a
// live terminal uses, and derives per-runtime calibration tables from them.
//
// The format is asciinema's (asciicast v2, and v3 for reading and as an
// option for writing), so recordings play in asciinema's own player and
// other tools' recordings load here:
//
//	cast, err := recordings.ReadFile("testdata/agent-turn.cast")
//	rep := recordings.Replay(cast)
//	rep.Run()
//	fmt.Println(rep.Snapshot())
package recordings
