// Package recordings records terminal sessions as asciicast files, replays
// them on a virtual clock, and derives calibration tables from them.
//
// # Format
//
// Recordings are asciinema's asciicast files, so they play in asciinema's
// player and recordings made by asciinema load here. Both current versions
// are read; v2 is written by default and v3 with WithVersion(3). A file is
// newline-delimited JSON: a header object, then one event per line,
// [time, code, data]:
//
//	{"version": 2, "width": 80, "height": 24, "timestamp": 1504467315, "env": {"TERM": "xterm-256color"}}
//	[0.248848, "o", "\u001b[1;31mHello\u001b[0m\r\n"]
//	[1.001376, "i", "ls\r"]
//	[2.500000, "r", "100x30"]
//	[3.000000, "m", "ready"]
//
// In v2 an event's time is seconds since the start; in v3 it is seconds
// since the previous event, the header keeps the size in "term", lines
// starting with '#' are comments, and [t, "x", "0"] records the exit
// status. Event gives times since the start whatever the version. The codes
// are Output ("o"), Input ("i"), Resize ("r", data "COLSxROWS"), Marker ("m",
// data a label) and Exit ("x"); events with other codes are skipped and
// counted in Cast.Skipped, as the format asks.
//
// Read and ReadFile load a whole recording, NewReader streams one. Errors
// name the line, and with ReadFile the file: "rec.cast:17: event time goes
// backwards (3.2 < 4.1)". A Writer records a session as it happens: it is
// safe for concurrent use, keeps times from going backwards, and decodes
// PTY output as UTF-8 across reads, so a character split between two reads
// is recorded whole.
//
// # Replay and calibration
//
// Replay drives a recording through the same screen emulator and readiness
// engine a live terminal uses, on a virtual clock, so a 30 s session
// replays in milliseconds with the same timeline every run. Calibrate
// compares the engine's decisions with "ready" and "busy" markers in a
// recording, the ground truth, and WriteTable and WriteJSON report them.
//
//	cast, err := recordings.ReadFile("testdata/corpus/osc133.cast")
//	if err != nil { ... }
//	rep, err := recordings.Replay(cast)
//	if err != nil { ... }
//	defer rep.Close()
//	timeline := rep.Run()
package recordings
