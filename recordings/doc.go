// Package recordings replays recorded terminal sessions on a virtual clock
// and derives calibration tables from them.
//
// # Format
//
// Recordings are asciinema's asciicast files, read and written by package
// asciicast, so they play in asciinema's player and recordings made by
// asciinema load here.
//
// # Replay and calibration
//
// Replay drives a recording through the same session.Session a live
// terminal feeds (screen, readiness engine), on a virtual clock, so a 30 s session
// replays in milliseconds with the same timeline every run. Calibrate
// compares the engine's decisions with "ready" and "busy" markers in a
// recording, the ground truth, and WriteTable and WriteJSON report them.
//
//	cast, err := asciicast.ReadFile("testdata/corpus/osc133.cast")
//	if err != nil { ... }
//	rep, err := recordings.Replay(cast)
//	if err != nil { ... }
//	defer rep.Close()
//	timeline := rep.Run()
package recordings
