// Package ready decides when a terminal program is ready for input. An
// Engine is fed timestamped events (output, input, resize, exit) with the
// screen after each and emits state transitions (starting, busy, ready,
// question, exited, stuck), each with its time, cursor and reason.
//
// Signals are weighed strongest first: explicit protocols in the output
// (OSC 133, OSC 9;4, Codex's OSC 7501) and the process exiting; the kernel
// (the foreground process blocked reading the terminal, or waiting on
// nothing of it: kernel.go); a runtime
// Profile's markers (Generic, Claude, Codex, Gemini, or a JSON file);
// question patterns; animation (spinners repainting); the cursor at an input
// position on a stable screen; and silence. The engine never sleeps and never
// reads the wall clock, so live terminals and replays on a virtual clock make
// the same decisions:
//
//	e, _ := ready.NewEngine(ready.Generic())
//	e.Observe(ready.Event{Time: t, Kind: ready.Output, Data: chunk, Screen: snap})
//	if d, ok := e.Deadline(); ok { /* at d: */ e.Tick(d) }
//	fmt.Println(e.Current())
package ready
