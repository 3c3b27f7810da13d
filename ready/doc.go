// Package ready decides when a terminal program is ready for input. An
// Engine is fed timestamped events (output, input, resize, exit) with the
// screen after each and emits state transitions (starting, busy, ready,
// question, exited, stuck), each with its time, cursor and reason.
//
// The decision is made by signals, each a file of its own (signal_*.go),
// asked in this order; the first with an opinion decides:
//
//  1. reaction: no output yet, or input sent and no visible reaction: not ready
//  2. sync: a synchronized update open (up to 1 s): not ready
//  3. shell: OSC 133;B (as the screen's parser reports it), the shell reads a command line: ready
//  4. kernel: the foreground process blocked reading the terminal with all output
//     drawn: ready at once; working elsewhere (until the screen has been still
//     for the silence window plus tune.KernelHold; an event loop's for
//     tune.LoopWorkHold, or the quiet window once its busy signs are gone),
//     output pending or input unread: not ready (package kernel, Linux; no
//     opinion for event loops or elsewhere)
//  5. cpu: the foreground group burning tune.CPUBusy of a core or more over
//     tune.CPUWindow while it watches the terminal (kernel.View.CPU): not
//     ready, until the screen has been still for the silence window plus
//     tune.KernelHold (an event loop among threads: tune.LoopWorkHold, as
//     the kernel's hold)
//  6. children: a command the input started still running in the program's
//     own group (a process that came with the input waiting for its child),
//     and tune.ChildrenGrace after: not ready, bounded as the kernel's hold
//  7. restart (selected by a profile): a restart message: not ready
//  8. answer-ticked (selected): the question just answered, ticked: not ready
//  9. question: a question on screen (prompt.go, question*.go), still for the quiet window;
//     once asked, the same question stays asked through repaints until input
//  10. startup (selected): start-up marker not drawn yet: not ready
//  11. blank: nothing drawn on the screen, for up to tune.BlankHold (BlankAltHold on the alternate screen): not ready
//  12. protocol-busy: OSC 7501 working, OSC 9;4 progress, a shell running a command
//  13. busy-marker: a profile's busy markers, while fresh
//  14. busy-animation: a spinner, a status word, a progress bar or a counter
//     on screen since the last input (on the alternate screen a spinner only;
//     counters repainted with the whole screen are a monitor's): not ready,
//     even through a long stall
//  15. title-spinner: a spinner in the window title, its label a gerund
//     ("/ chat: thinking"), drawn since the last input and shown still,
//     for up to the silence window: not ready
//  16. status-line: a line below the input position turned, since the
//     input, to a gerund phrase ("─ running ls · 7s elapsed"): not ready
//  17. notify (selected): the agent's own notification (OSC 9/777/99, BEL)
//     since the last input, the cursor at an input position and the screen
//     still for 50 ms: ready (or a question drawn, for an approval message)
//  18. monitor: a screen refreshed as a whole at a steady period (top) while
//     the kernel sees the program waiting on the terminal, still for the
//     quiet window since the last refresh: ready
//  19. line-taken: the line just submitted erased in place from the input
//     line and nothing else drawn, up to the silence window: not ready
//  20. unanswered: a line submitted to an input box shown taken (the box
//     emptied or its placeholder back) or sent (drawn above the box with
//     nothing after it), no busy indicator yet, up to the silence window:
//     not ready
//  21. reaction-start: the input's first visible change a repeat frame
//     that rewrote text, the stillness counted from before the input: the
//     quiet window from that change, unless a look after the input saw the
//     program back waiting on the terminal, its output written: not ready
//  22. animation: an unclassified repainting region: outwait its cadence
//  23. clear: a screen cleared and redrawn in stages: not ready
//  24. busy-gone (selected): no busy marker of the profile on a screen
//     still for the quiet window (its settle, when set, after the change
//     that took the last busy marker off), wherever the cursor is: ready
//     (programs that park their cursor; calibrate --learn selects it)
//  25. cursor: the cursor at an input position on a screen still long enough
//     (a question, if a full-screen frame so found shows one); after OSC 7501
//     done or idle, the quiet window counted from when it was said; a
//     cursor the program draws in an input box counts at any column
//  26. silence: no change for the profile's silence window, or nothing new
//     for it, only erased and drawn the same again (redrawn.go): ready
//
// The process exiting ends it all. Blinking cursors, clocks and
// elapsed-time timers ticking in step with the wall clock are classified as
// animations compatible with ready (blink.go, clock.go) and do not count as
// change. A runtime Profile (Generic, Claude, Codex, Gemini, or a
// JSON file) parameterises the signals and selects its own (Signals). The
// engine never sleeps and never reads the wall clock, so live terminals and
// replays on a virtual clock make the same decisions:
//
//	e, _ := ready.NewEngine(ready.Generic())
//	ch := scr.WriteAt(t, chunk) // the screen parses; ch holds its protocol marks
//	e.Observe(ready.Event{Time: t, Kind: ready.Output, Data: chunk, Screen: scr.Snapshot(), Changes: ch})
//	if d, ok := e.Deadline(); ok { /* at d: */ e.Tick(d) }
//	fmt.Println(e.Current())
package ready
