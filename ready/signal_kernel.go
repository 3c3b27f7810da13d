package ready

import (
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// kernel: the kernel's view of the terminal (package kernel), fed as Kernel
// events: whether the foreground process group is blocked reading the
// terminal, working elsewhere, or watching it from an event loop.
//
// The rule, measured on python3 input(), bash, sqlite3, bc, node's readline
// and a bubbletea program:
//
//   - ready (a password question when the line is read with echo off), at
//     once, when the latest observation was made after the last output,
//     input and resize and says Reading (every process single-threaded, one
//     blocked waiting for the terminal alone, no timeout: read(2), or
//     readline's pselect6 on the terminal), with no output pending and no
//     input unread. Such a program cannot draw anything more until it gets
//     input, so what the screen shows is final. python3, bash, sqlite3 and
//     bc all wait like this at their prompts;
//   - not ready when it says Working for tune.WorkConfirm or more: no thread of
//     the foreground group waits on the terminal at all (sqlite3 running a
//     silent query, sleep after the shell handed it the terminal, python in
//     time.sleep), whatever the screen shows; tune.LoopWorkConfirm for a group
//     last seen waiting in an event loop, whose callbacks run that long;
//     until the screen has been still for the silence window plus
//     tune.KernelHold: then it abstains and the silence fallback decides (a
//     signal may delay a decision, none may cancel the fallback); for a
//     group last seen in an event loop, after start-up, only until the
//     screen has been still for tune.LoopWorkHold, or for the quiet
//     window once the program has taken off the screen every busy sign it
//     showed since the input (signal_kernel_shown.go): then the screen's
//     signals decide (node and bun agents run on, every thread, for
//     seconds after their final frame: the kernel cannot tell that from
//     work about to draw), and the end of that work restarts no quiet
//     window (it is no news). A look that cannot read the group (Unknown)
//     neither begins nor ends work;
//   - not ready while output is pending in the terminal or input sits
//     unread: the screen is not final, or the program has not seen what was
//     typed (in canonical mode the kernel counts complete lines only, so a
//     half-typed line does not count);
//   - not ready while an event loop (Watching) has a timer of its own due
//     within tune.TimerHold (View.Timer): once after each visible change,
//     until the timer could have fired and its callback drawn
//     (tune.TimerGrace); not for a timer that drew and was due again with
//     no input between (a screen refreshed on a period: top, htop);
//   - ready (or the question on screen), at once, when the latest
//     observation was made after the last output, input and resize and
//     says Still (View.Still): every thread waits for the terminal or the
//     program's own wake-ups, none ran since the observation before, and
//     no timer is due within tune.StillTimer; no output pending, no input
//     unread, something drawn and no terminal query unanswered. Such an
//     event loop (node, Go's runtimes, curses) can act on nothing but
//     input or a signal before then: what it drew is final, as for a
//     blocked reader. A spinner's timer, a worker's running thread, a
//     socket or a child's pipe in the loop's set each keep Still false;
//   - no opinion otherwise. Event loops (node, Go's bubbletea, asyncio) wait
//     in epoll or pselect with the terminal in the set among threads both
//     when idle and between frames of a spinner: Watching says neither, and
//     the screen's signals decide.
//
// After input, an observation that finds the program reading again with
// nothing unread is its reaction, drawn or not (bash after ^C flushed the
// line typed ahead). The feeder (termtest) only feeds observations made
// with the input already written.
//
// When the group stops working after tune.LongWork or more, the screen's quiet
// windows start again: a program silent through a long computation is not
// "quiet" the moment it finishes, before it has drawn its answer.
type kernelSignal struct {
	view    kernel.View
	fresh   bool      // observed after the last output, input and resize
	working time.Time // since when the group is seen working; zero if it is not
	// loop: the group was watching the terminal from an event loop when it
	// was last seen not working, so its work needs tune.LoopWorkConfirm.
	loop bool
	// known is the last wait read (Unknown looks skipped).
	known kernel.Wait
	// timerAt is when a timer of the program's own was first seen due
	// since the screen last changed (zero: none), timerDue how soon.
	timerAt  time.Time
	timerDue time.Duration
	// holdEnd: when the hold for a timer, begun since the screen last
	// changed, ends (zero: none begun); a timer read after it holds no
	// more before the next change (kernel_tick.go).
	holdEnd time.Time
	// bound: by when the timer held for fires at the latest, as the
	// looks since the hold began say; tick, the length of a timer seen
	// to fire and draw nothing since the input at tickInput.
	bound     time.Time
	heldDue   time.Duration // the reading the hold began with
	tick      time.Duration
	tickInput time.Time
	// idles: how many holds in a row a tick of length tick served;
	// steady, the tick seen twice, kept through input (kernel_steady.go).
	// learned: the hold running has counted its tick. lastLook, lastInput:
	// the latest look and input seen (ranOut).
	idles     int
	steady    time.Duration
	learned   bool
	lastLook  time.Time
	lastInput time.Time
	// period: the length of a timer seen to draw and be due again twice
	// (repeats), kept through input (kernel_tick.go).
	period time.Duration
	// fired: the screen changed while a timer was due; repeats counts the
	// times the same timer was due again after it drew, no input between;
	// from two on, the program redraws on a period (top, htop), and its
	// timer completes no prompt (a footer drawn late draws once).
	fired      bool
	repeats    int
	lastDue    time.Duration
	firedInput time.Time // the last input when it fired
	// midFrame: the timer due is a runtime's short wait read while the
	// frame of the timer that fired was being drawn (repeated).
	midFrame bool
	// shown: the program's busy signs since the last input
	// (signal_kernel_shown.go).
	shown busyShown
	// goneAt: a look found the held timer gone, the loop not Still
	// (kernel_gone.go).
	goneAt time.Time
	// released: this stretch of work held ready back no more (past
	// loopHold): its end is no news, and restarts no quiet window.
	released bool
	// quiet: the proof that nothing can be drawn before a time
	// (kernel_quiet.go, facts.quietTill).
	quiet quietProof
}

// Its durations (tune.WorkConfirm, LoopWorkConfirm, LongWork) are in params.go.

// runtimeSpin: a timer this short, read first after activity, is a
// runtime's own wait, not the program's (Go's sysmon backs off from 20 µs
// to 10 ms before it parks). Not tuned: Go's constant.
const runtimeSpin = 10 * time.Millisecond

func init() {
	register(signalKind{name: "kernel", rank: rankKernel, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &kernelSignal{}, nil }})
}

// seen forgets the timer: what it was due for may be what was just drawn.
// A runtime's short wait read mid-frame does not replace the timer that
// drew (repeated).
func (k *kernelSignal) seen(f *facts) {
	k.shown.note(f)
	if !k.timerAt.IsZero() && !k.midFrame {
		k.fired, k.lastDue, k.firedInput = true, k.timerDue, f.inputAt
	}
	k.timerAt, k.holdEnd, k.goneAt = time.Time{}, time.Time{}, time.Time{}
}

// observe takes in every event: a Kernel event is a new observation; any
// other event makes the last one stale.
func (k *kernelSignal) observe(f *facts, ev Event) {
	k.quiet.look(f, ev)
	if ev.Kind == Input {
		k.shown.input()
		k.ranOut(ev.Time)
		k.lastInput = ev.Time
	}
	if ev.Kind != Kernel {
		k.fresh = false
		return
	}
	// A look that could not read the group (Unknown: a thread exiting, a
	// child starting) neither begins nor ends a stretch of work, nor
	// makes the group forget it was last seen in an event loop.
	was, is := !k.working.IsZero(), ev.Kernel.Wait == kernel.Working
	if ev.Kernel.Wait == kernel.Unknown {
		is = was
	}
	switch {
	case is && !was:
		k.working, k.loop, k.released = ev.Time, k.known == kernel.Watching, false
	case was && !is:
		// Work that began while the screen was still fresh, or after
		// input, may be about to draw its result. Work that began after
		// the screen had been still for the silence window is the
		// program's own in the background (a timer polling every 2 s,
		// continue's CLI): restarting for it would move the silence
		// fallback for ever. On a blank screen there is nothing to be
		// still: any work restarts (opencode starts for 30 s, blank).
		ref := f.lastDrawn
		if f.view != nil && f.view.blank {
			ref = ev.Time
		}
		if f.inputAt.After(ref) {
			ref = f.inputAt
		}
		if ev.Time.Sub(k.working) >= tune.LongWork && k.working.Sub(ref) < f.prof.Silence.D() && !k.released && !k.shown.gone(f) {
			f.restartQuiet(ev.Time)
		}
		k.working = time.Time{}
	}
	k.view, k.fresh = ev.Kernel, true
	if ev.Kernel.Wait != kernel.Unknown {
		k.known = ev.Kernel.Wait
	}
	gone := k.timerGone(ev) // kernel_gone.go
	k.ticked(f, ev)
	if gone {
		k.goneAt = ev.Time
	}
	if d, ok := ev.Kernel.TimerDue(); !ok {
		if ev.Kernel.Wait != kernel.Working {
			// Work seen with no timer is the timer's callback running,
			// perhaps about to draw: the wait for it goes on.
			k.timerAt = time.Time{}
			k.fired, k.repeats = false, 0 // the loop waits on nothing of its own
			if ev.Kernel.Unread == 0 {
				// and has no key to wake for: no refresh is due
				// (kernel_tick.go), nor, unless it reads outside its
				// loop, a tick (kernel_steady_kept.go)
				k.period = 0
				k.unsteadyAt(ev.Kernel)
			}
		}
	} else if k.timerAt.IsZero() && !ev.Kernel.Pending {
		// Not at a look that finds output pending: what is pending is
		// drawn next, and would count as the timer's drawing (live,
		// late-footer-thread's "Working…", written as its 1.2 s sleep
		// was read, made a repeat; with its footer's timer after the
		// answer, two: a "period", and the footer went unwaited, early).
		k.timerAt, k.timerDue = ev.Time, d
		k.repeated(f, ev)
	} else if !k.timerAt.IsZero() && k.timerDue <= runtimeSpin && d > k.timerDue && d <= tune.TimerHold {
		// A longer timer read after a runtime's short wait, the screen
		// unchanged: Go's sysmon sleeps 20 µs to 10 ms after activity
		// (read "1ms" to "10ms"), and the program's own timer (a footer
		// due 600 ms after its box) shows once it parks. Wait for the
		// program's (corpus late-footer-thread, live: ready 110 ms after
		// the box, early). Only after so short a wait: a loop's own timer
		// read again later (node's 250 ms tick, re-armed) extends nothing.
		// And only after a short wait read (timerAt set): a first timer
		// read with output pending is not taken here either, or the
		// pending output would count as its drawing and the timer read
		// after it as a repeat (corpus asyncio-console's heartbeat: a
		// false period at start-up, kernel_startup_period.go).
		k.timerAt, k.timerDue = ev.Time, d
		k.repeated(f, ev)
	}
	k.holding(f, ev.Time)
	k.lastLook = ev.Time
	if v := ev.Kernel; v.Unread == 0 && !v.Pending && v.Wait == kernel.Reading || stillReacted(v) {
		f.reacted()
	}
}

// stillReacted says an event loop found Still after the input (waiting on
// the terminal and its own wake-ups alone, nothing run between two looks),
// with the input read and all output drawn, has reacted to it, drawn or
// not, as a blocked reader back in read() has: it can act on nothing but
// more input, a signal, or a timer of its own. A timer due within
// tune.TimerHold may be the reaction's (debounced drawing) and is left to
// the timer rule; one due later is no reaction the hold waits for either.
// Without it a key the program took and ignored awaited a reaction for
// ever: ranger's Enter on an empty console, polling the terminal with its
// 2 s idle timeout (ready/testdata/ranger-enter-draws-nothing.cast), and
// pudb's preferences dialog taking n in pselect6 (corpus pudb-first-run).
func stillReacted(v kernel.View) bool {
	if !v.Still || v.Wait == kernel.Working || v.Unread > 0 || v.Pending {
		return false
	}
	d, due := v.TimerDue()
	return !due || d > tune.TimerHold
}

// repeated takes in a timer of the program's own, just read: the timer
// that drew (fired), due again about as soon with no input between, is
// one more repeat. A runtime's short wait (runtimeSpin) read by the loop
// between two writes of the frame the timer drew neither repeats nor ends
// the chain (midFrame): htop's poll read "1ms" inside its refresh, and its
// 1 s period was taken only at the third refresh (corpus htop: 3.26 s for
// the first turn, 2.22 s since). Only watching: a short wait of a thread
// at work (python's 5 ms as ipython runs a line) may begin what draws.
func (k *kernelSignal) repeated(f *facts, ev Event) {
	d, _ := ev.Kernel.TimerDue()
	k.midFrame = d <= runtimeSpin && k.fired && ev.Kernel.Wait == kernel.Watching
	if k.midFrame {
		return
	}
	if k.fired && f.inputAt.Equal(k.firedInput) && d >= k.lastDue/2 && d <= 2*k.lastDue {
		k.repeats++
	}
	k.fired = false
}

func (k *kernelSignal) vote(f *facts, now time.Time) vote {
	v := k.view
	if v.Wait == kernel.Unknown && !k.working.IsZero() {
		// Work goes on through a look that could not read the group (a
		// program exiting: its group gone from the session before its
		// exit is seen; live, ink's menu was called a question 100 ms
		// before node's exit, its work's hold lost to the look after it).
		v.Wait = kernel.Working
	}
	confirm := tune.WorkConfirm
	if k.loop {
		confirm = tune.LoopWorkConfirm
	}
	if f.stillAsking(now) && (k.loop || v.Wait != kernel.Working) {
		// The question signal's: asked, unanswered. An event loop's work
		// beside its dialog (a spinner's timers, node's threads) does not
		// withdraw it; a program that left its read of the answer to
		// compute (a signal handler) is busy until it reads again.
		return vote{}
	}
	timerDue := !k.timerAt.IsZero() && k.timerDue <= tune.TimerHold && now.Before(k.timerAt.Add(k.timerDue+tune.TimerGrace)) && k.unserved(now)
	switch {
	case v.Wait == kernel.Working && now.Sub(k.working) < confirm && timerDue:
		return hold(SignalKernel, "a timer of the program's own was due within %v, its callback running (%s)", k.timerDue, v.Doing).
			later(k.timerAt.Add(k.timerDue + tune.TimerGrace))
	case v.Wait == kernel.Working && now.Sub(k.working) < confirm:
		return vote{}.later(k.working.Add(confirm))
	case v.Wait == kernel.Working && k.bounded(f) && strings.Contains(v.Doing, kernel.AmongThreads) && now.Sub(k.settled(f)) >= k.loopHold(f, now):
		// An event loop's work bounded tighter: its threads (the one that
		// watches the terminal among them) run on after the final frame
		// for seconds (beside V8's helper threads, a child); past the
		// hold, the screen's signals decide. Only among threads: a loop of
		// one thread at work or asleep watches nothing (neomutt's second
		// in clock_nanosleep after a purge; loop_threads_test.go).
		k.released = true
		return vote{}
	case v.Wait == kernel.Working && now.Sub(f.lastChange) >= f.prof.Silence.D()+tune.KernelHold:
		// A veto bounded: the kernel may delay the silence fallback, not
		// cancel it (a reader it cannot see waiting would never be ready).
		return vote{}
	case v.Wait == kernel.Working:
		until := f.lastChange.Add(f.prof.Silence.D() + tune.KernelHold)
		if bound := k.settled(f).Add(k.loopHold(f, now)); k.bounded(f) && bound.Before(until) {
			until = bound
		}
		return hold(SignalKernel, "the foreground process is not waiting on the terminal (%s)", v.Doing).
			later(until)
	case k.handedOn(f, now):
		// A reader thread among idle ones has read the input, and nothing
		// is drawn since: it may have handed the input on to a thread not
		// yet woken (a Go program's reader goroutine passes keys by a
		// channel; at load 15 the worker ran 48 ms after the key was read,
		// and the look between saw only the reader, back in read()).
		return hold(SignalKernel, "input read by one of several threads, nothing drawn since (%s)", v.Doing).
			later(f.inputAt.Add(f.prof.Quiet.D()))
	case v.Pending:
		return hold(SignalKernel, "output is pending in the terminal (%s)", v.Doing)
	case v.Unread > 0:
		return hold(SignalKernel, "%d bytes of input not read yet (%s)", v.Unread, v.Doing)
	case k.goneHold(now):
		return hold(SignalKernel, "a timer of the program's own fired %v ago, its callback perhaps drawing (%s)", roundMS(now.Sub(k.goneAt)), v.Doing).
			later(k.goneAt.Add(tune.TimerGrace))
	case v.Wait == kernel.Watching && timerDue && !k.periodic(f):
		// An event loop with a timer of its own due soon may draw when
		// it fires (a footer redrawn 600 ms after the prompt box, a
		// setTimeout's answer): wait it out once, then the screen's
		// signals decide. Once per change: a timer that repeats (a
		// blinking cursor's) fired and drew nothing new the first time.
		return hold(SignalKernel, "a timer of the program's own is due within %v (%s)", k.timerDue, v.Doing).
			later(k.timerAt.Add(k.timerDue + tune.TimerGrace))
	case k.stillLoop(f):
		if p := f.view.prompt(); p != nil {
			return vote{verdict: question, signal: SignalKernel, prompt: p,
				reason: "question on screen; the foreground process waits on the terminal and its own wake-ups alone, nothing ran, no timer due (" + v.Doing + ")"}
		}
		if p := secretLine(v, f.view); p != nil {
			return vote{verdict: question, signal: SignalKernel, prompt: p,
				reason: "the foreground process reads a line with echo off, a password, and waits on the terminal alone, nothing ran (" + v.Doing + ")"}
		}
		return vote{verdict: ready, signal: SignalKernel,
			reason: "the foreground process waits on the terminal and its own wake-ups alone (" + v.Doing + "), nothing ran between two looks, no timer due, all output drawn"}
	case v.Wait != kernel.Reading || !k.fresh || f.view == nil:
		return vote{}
	case f.view.prompt() != nil:
		return vote{verdict: question, signal: SignalKernel, prompt: f.view.prompt(),
			reason: "question on screen; the foreground process is blocked reading the terminal (" + v.Doing + ")"}
	case secretLine(v, f.view) != nil:
		return vote{verdict: question, signal: SignalKernel, prompt: secretLine(v, f.view),
			reason: "the foreground process reads a line with echo off, a password (" + v.Doing + ")"}
	}
	return vote{verdict: ready, signal: SignalKernel,
		reason: "the foreground process is blocked reading the terminal (" + v.Doing + "), all output drawn, no input unread"}
}

// bounded reports whether the work is an event loop's that tune.LoopWorkHold
// bounds: the group was last seen watching the terminal from its loop, and
// the program has waited for input once. Start-up keeps the long hold: an
// agent's loop runs while it loads, under a spinner slower than the quiet
// window (Qwen Code's "Initializing...": 0.5-0.7 s between frames).
func (k *kernelSignal) bounded(f *facts) bool {
	return k.loop && f.waited
}

// settled is when the screen last changed or input was last sent,
// whichever came later: an event loop's work is held for tune.LoopWorkHold
// from then (input may start work that draws nothing for a while).
func (k *kernelSignal) settled(f *facts) time.Time {
	if f.inputAt.After(f.lastChange) {
		return f.inputAt
	}
	return f.lastChange
}

// handedOn reports whether input sent within the quiet window has drawn
// nothing yet while the program's threads are several: a look finding them
// waiting cannot tell a key handled from a key handed on.
func (k *kernelSignal) handedOn(f *facts, now time.Time) bool {
	return !f.inputAt.IsZero() && !f.lastChange.After(f.inputAt) &&
		now.Before(f.inputAt.Add(f.prof.Quiet.D())) && strings.Contains(k.view.Doing, kernel.AmongThreads)
}

// stillLoop reports whether the latest observation, fresh, finds an event
// loop that can act on nothing but input (View.Still) with no timer due
// within tune.StillTimer, on a screen with something drawn and no terminal
// query unanswered (the answer would come on the terminal, as input does).
func (k *kernelSignal) stillLoop(f *facts) bool {
	v := k.view
	if !v.Still || !k.fresh || f.view == nil || f.view.blank || v.Wait == kernel.Working {
		return false
	}
	if d, ok := v.TimerDue(); ok && d <= tune.StillTimer {
		return false
	}
	_, asked := f.proto.queryPending()
	return !asked
}
