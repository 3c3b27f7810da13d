package ready

import "time"

// The engine's tuned durations, gathered with their one set of defaults:
// what each waits for and what measurement it rests on. The profiles'
// durations (Quiet, Settle, Silence, ClearGuard, a marker's Fresh) are
// data in profile.go; these are the engine's own. Each is read through
// tune, never copied, so a sweep (sweep_test.go: TTYRIG_SWEEP=1 go test
// ./ready -run TestSweep) can move one by ±25 % and replay every recording
// and corpus cast to see which decisions flip. Its result is in
// docs/READINESS.md.
type tuning struct {
	// WorkConfirm is how long the group must have been seen working before
	// the kernel says busy: a process caught running for a moment right
	// after it wrote (an event loop handling a timer) is no work.
	WorkConfirm time.Duration
	// LoopWorkConfirm is WorkConfirm for an event loop: its callbacks (a
	// timer, a garbage collection, a redraw) run for several milliseconds
	// at a time while it waits for keys (node ran 8.5 ms with enquirer's
	// question waiting, corpus/testdata/enquirer.cast). Work it does for
	// the user runs longer, and the screen's quiet window (150 ms) is
	// longer still, so this confirms it in time to hold ready back.
	LoopWorkConfirm time.Duration
	// LongWork is how long a stretch of work must last for its end to
	// restart the screen's quiet windows.
	LongWork time.Duration
	// KernelHold bounds how long the kernel's "working" may hold ready
	// back once the screen has been still for the profile's silence
	// window: a signal may delay the silence fallback, never cancel it. A
	// reader the kernel cannot see waiting (one that polls the terminal in
	// a way package kernel does not recognise, a thread pool reading it
	// for the main thread) would otherwise never be ready. Silent work
	// longer than the silence window plus this is called ready: the
	// longest silent work in the recordings (sqlite3's query, a shell's
	// sleep) is a few seconds, and a program busy longer without drawing
	// anything gives no sign a user could see either.
	KernelHold time.Duration
	// LoopWorkHold bounds it tighter for a group last seen waiting in an
	// event loop (kernel.Watching) when its work began, once the program
	// has waited for input (start-up keeps KernelHold): this long after
	// the screen last changed or input was sent, its work holds ready back
	// no more, and the screen's signals decide. Agents on node and bun
	// keep running 0.3-5 s after their final frame, the thread that
	// watches the terminal among the others (sampled live from /proc: the
	// main thread's CPU time advancing beside V8's helper threads and a
	// child process, or the main thread reading a child's pipe; issue 20,
	// class 6): the kernel cannot tell that from work about to draw, only
	// how long it goes on with nothing drawn. Short work right after a
	// prompt needs more (corpus irb works for 200 ms once its second
	// prompt is drawn and takes keys 306 ms after it: early at 190 ms);
	// from 200 ms no recording or corpus cast is early. The default is
	// twice that, so ±25 % (300-500 ms) stays clear of it. A synchronous
	// program's work (sqlite3's query, not an event loop) keeps
	// KernelHold.
	LoopWorkHold time.Duration
	// BlankHold is how long a screen with nothing drawn on it (an
	// alternate screen entered and left blank while the program starts)
	// is held not ready by the screen's signals: nothing drawn is not a
	// prompt. A sure signal (the kernel seeing a blocked reader, a shell's
	// OSC 133) still decides; past this, the silence fallback does. An
	// agent's start-up was blank for 7–15 s (issue 20, class 4).
	BlankHold time.Duration
	// BlankAltHold is BlankHold on the alternate screen: a program that
	// took the whole screen and drew nothing is starting, not waiting.
	// opencode's alternate screen stayed blank and silent for 25.4 s of
	// start-up on a loaded machine; where the kernel cannot tell (no
	// /proc, a recording without kernel views) the 20 s of BlankHold
	// called it ready 5.8-6.8 s early. 60 s keeps ±25 % (45-75 s) clear
	// of that, and a wait's own timeout usually ends first, with the
	// blank screen in its report: wait, bounded, rather than guess.
	BlankAltHold time.Duration

	// CPUBusy is the share of one core, in percent, the foreground group must have
	// used over CPUWindow for a loop that watches the terminal to count as
	// at work (kernel.View.CPU, signal_cpu.go). bpython loading its
	// completion index burns 0.9-1.0 of a core (its tracer included);
	// idle loops (node, bubbletea, asyncio, curses) read 0, a screen
	// refreshed on a period (htop) a burst of a few ms. Half a core: ±25 %
	// (37-62 %) stays clear of both. (An integer, so the sweep moves it as
	// it moves the durations; it prints as "50ns".)
	CPUBusy int
	// CPUWindow is how far back CPUBusy is measured: long enough to
	// average the 5 ms looks (a thread's run time advances in scheduler
	// slices), short enough that the end of the work frees the prompt
	// within a quiet window (the mean falls under half a core CPUWindow/2
	// after a core's burning stops).
	CPUWindow time.Duration

	// TimerHold: an event loop with a timer of its own due within this
	// (the kernel's View.Timer) is not ready until the timer could have
	// fired, once per visible change: a footer redrawn 600 ms after the
	// prompt box (issue 20, class 3). A redraw that completes a prompt
	// comes within a second; a timer further out is more often a tick or
	// a timeout than a pending frame, and waiting it out would cost every
	// turn (an agent ignoring Enter for 2 s is caught by Submit's retry).
	// Timers are read rounded up to 1, 2 or 5 × a power of ten ms, so the
	// value sits between two readings, 1 s and 2 s: at 1 s itself, ×0.75
	// let widget-late's 600 ms timer (read "1s") through, early.
	TimerHold time.Duration
	// StillTimer: an event loop seen still (kernel.View.Still: waiting on
	// the terminal and its own wake-ups alone, nothing run between two
	// looks) is ready at once unless a timer of its own is due within
	// this; one due sooner may draw (a footer, a spinner's next frame) and
	// the rules above decide, or it is work done on a timer (corpus
	// late-footer-thread sleeps 1.2 s before it answers, read "2s": at
	// 1.5 s it was ready at once, 2 of 3 turns early). It is the silence
	// window (2 s) and more: a timer due later than that, the silence
	// fallback would not wait for either. Timers read 1, 2, 5 × a power
	// of ten ms, so the value sits between the readings 2 s and 5 s (±25 %
	// moves no reading across it). Further out sit what the measured
	// loops keep armed while they wait for keys (@inquirer's prompts, a
	// 10 s timer).
	StillTimer time.Duration
	// TimerGrace extends that wait past the timer's due time: when it
	// fires, the program runs its callback and only then draws (blessed's
	// dialog drew 16 ms after its 500 ms timer; the engine, ready at the
	// due time, was early, corpus blessed-question).
	TimerGrace time.Duration

	// ChildrenGrace is how long after the processes an input started are
	// gone the program is still held (signal_children.go): it reads their
	// output and draws the result (newsboat's reload thread drew the feed
	// 25-42 ms after its feed command's processes exited, live at load 15).
	ChildrenGrace time.Duration

	// Excursion bounds how long the cursor may be away, nothing else
	// changed, for its return to make the moves no change
	// (perceive_excursion.go): a refresh's writes read apart. visidata's
	// took 4-13 ms live under strace (ready/testdata/visidata-refresh-moves.cast).
	Excursion time.Duration

	// AnimWindow: animation frames this old are forgotten.
	AnimWindow time.Duration
	// AnimMaxGap: slower repaints are not an animation (a 1 s timer still is).
	AnimMaxGap time.Duration
	// BusyStall is how long a busy animation counts after it was last
	// repainted: above the longest stalls measured (tqdm 2.4 s, a silent
	// "Thinking…" 2 s), so that a program that left one on screen when it
	// stopped is called ready by the cursor or silence soon after.
	BusyStall time.Duration

	// TimerLate is how much later than its value a timer may be drawn
	// (computed, then painted by a loaded program or machine): readings
	// drift this much without the timer being called a counter. Generous:
	// a timer taken for a counter holds an idle program busy, a counter
	// taken for a timer a few frames longer is only found a little later.
	TimerLate time.Duration
	// TimerEarly is the same ahead of its value (clocks of the program and
	// the recorder not quite agreeing).
	TimerEarly time.Duration
	// TimerMemory bounds how far back readings are compared: a timer that
	// counts its own ticks drifts from the wall clock by a few ms a tick,
	// and one frame drawn very late is forgotten after a while.
	TimerMemory time.Duration

	// ProbeHold is the quiet required right after a terminal query: a
	// program that asked the terminal something is talking to it, not to
	// the user.
	ProbeHold time.Duration

	// MonitorMinGap: a steady refresh faster than this is an animation.
	MonitorMinGap time.Duration
	// MonitorMaxGap: a refresh slower than this has no period.
	MonitorMaxGap time.Duration
	// MonitorBurst: changes this close are one refresh.
	MonitorBurst time.Duration

	// NotifySettle is how long the screen must stay still after an agent's
	// notification: the CLIs write it from the same update that draws the
	// final frame, or just after it; a frame still to come lands well
	// within this.
	NotifySettle time.Duration

	// UnansweredHold bounds how long a line submitted to an input box and
	// shown as taken or sent, with nothing else drawn, holds ready back
	// (signal_unanswered.go), whatever else changes; the silence window
	// after the last change bounds it too. An agent took 4.1 s from Enter
	// to its busy bar, 1.3 s of it with the message drawn and nothing else
	// (recordings/agents/generic/opencode-slow-stream.cast).
	UnansweredHold time.Duration
	// EchoSilence is how long the screen may stay still with the line
	// submitted drawn in a transcript and nothing after it before the
	// silence fallback may decide (signal_unanswered.go): opencode drew
	// nothing for 3 s between its user's message and its busy bar
	// (agents/testdata/opencode-not-monitor.cast).
	EchoSilence time.Duration
}

// defaultTuning is the one set of defaults.
var defaultTuning = tuning{
	WorkConfirm:     5 * time.Millisecond,
	LoopWorkConfirm: 50 * time.Millisecond,
	LongWork:        50 * time.Millisecond,
	KernelHold:      8 * time.Second,
	LoopWorkHold:    400 * time.Millisecond,
	BlankHold:       20 * time.Second,
	BlankAltHold:    60 * time.Second,
	CPUBusy:         50,
	CPUWindow:       80 * time.Millisecond,
	TimerHold:       1500 * time.Millisecond,
	StillTimer:      3 * time.Second,
	TimerGrace:      100 * time.Millisecond,

	ChildrenGrace: 100 * time.Millisecond,
	Excursion:     50 * time.Millisecond,

	AnimWindow: 5 * time.Second,
	AnimMaxGap: 1200 * time.Millisecond,
	BusyStall:  5 * time.Second,

	TimerLate:   time.Second,
	TimerEarly:  50 * time.Millisecond,
	TimerMemory: 10 * time.Second,

	ProbeHold: 500 * time.Millisecond,

	MonitorMinGap: 400 * time.Millisecond,
	MonitorMaxGap: 5 * time.Second,
	MonitorBurst:  100 * time.Millisecond,

	NotifySettle: 50 * time.Millisecond,

	UnansweredHold: 10 * time.Second,
	EchoSilence:    5 * time.Second,
}

// tune is what the engine reads: the defaults, moved only by the sweep
// (in tests, with no engine running).
var tune = defaultTuning
