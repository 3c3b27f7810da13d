// Package asciicast reads and writes asciinema's asciicast files (v2 and
// v3), the format ttyrig records sessions in, so recordings play in
// asciinema's player and asciinema's recordings replay here. It knows the
// format only: no screen, no readiness; package recordings replays what it
// reads.
//
// A file is newline-delimited JSON: a header object, then one event per
// line, [time, code, data]:
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
// safe for concurrent use, keeps times from going backwards, decodes PTY
// output as UTF-8 across reads (a character split between two reads is
// recorded whole), and writes each event through to the file as it comes,
// so whatever ends the process, the file holds every event written before.
package asciicast
