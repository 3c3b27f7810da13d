// Package corpus measures readiness on real programs built on real
// libraries, against ground truth the engine never sees.
//
// Each Scenario runs a real program: scripts on pinned npm packages
// (@inquirer/prompts, enquirer, @clack/prompts, prompts, ora, ink with
// ink-text-input and ink-spinner, listr2, and node's own REPL; node/), Go
// programs on bubbletea, bubbles (textinput, list, progress), huh, survey
// and promptui (tui/, a nested module so the main module's dependencies do
// not grow), Python on prompt_toolkit, tqdm, rich, click, urwid and the
// standard library's cmd and pdb (python/, Debian's python3 packages), and
// Debian programs (bash, sqlite3, bc, python3's REPL, nano, git add -p,
// less, dialog, whiptail, vim, top, htop). The scenario drives it the way a
// test would: start-up, questions, busy phases (spinners, progress bars,
// status bars, silent work), timed redraws while waiting, several turns.
//
// Ground truth comes from one of two places, never from the engine:
//
//   - Hook: the program's own render hook appends a JSON line to the side
//     log named by TTYRIG_FIXTURE_LOG (the fixtures' convention) when the
//     library has rendered a prompt and waits for keys ("ready", with the
//     prompt's kind) and when it took input and started work ("busy").
//     Node: after the library's first write once its event-loop turn ends
//     (node:repl: after displayPrompt); bubbletea, huh, survey and promptui:
//     after the write of the frame; prompt_toolkit: its after_render event;
//     urwid: after MainLoop.draw_screen; input() and getpass as rich and
//     click call them: after the prompt is flushed.
//   - Strace: the program runs under strace; ready is the moment its main
//     process entered the wait on the terminal that the next input ended
//     (or a wait for keys that timed out after 300 ms or more: top's
//     refresh), busy the moment a terminal read returned that input
//     (strace.go).
//
// Every program is busy from its start until its first ready. Run drives a
// scenario live (termtest, a real PTY), records it and puts the truth in the
// recording as "ready"/"busy" markers (plus "prompt:<kind>" from hooks);
// ReplayScores replays a recording on a virtual clock and Judge scores the
// engine and the usual rules (internal/seeds) against the markers:
// premature (a waiting state entered while truly busy), missed (a true ready
// with no waiting state before the next true busy), latency from true ready
// to the detector's waiting state, and questions parsed (a true question
// answered with State Question and its options).
//
// The recordings in testdata are scored by replay in every go test run
// (TestReplay, golden testdata/replay-score.golden); make corpus installs
// the programs and runs the live corpus, make record-corpus re-records it.
package corpus
