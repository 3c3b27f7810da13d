package ready

import (
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
	"github.com/ttyrig/ttyrig/screen"
)

// cpu: the CPU time the foreground group burns (kernel.View.CPU), as
// evidence of work the kernel's wait cannot show. A loop that polls the
// terminal between chunks of work reads "watching" at every look, as an
// idle event loop does: bpython (curtsies) loads its completion index for
// 0.3-3 s after its prompt is drawn, checking for keys with a zero
// timeout every 0.2-1 ms, and takes keys at once — but `import o` + Tab
// typed then completes to `opcode` (the index half built), typed after to
// `oauthlib`. Its group burns a core throughout; an idle loop (node,
// bubbletea, asyncio, curses) next to nothing.
//
// The rule: not ready while the group has used (or waited to use)
// tune.CPUBusy of a core or more over the last tune.CPUWindow, or did at
// a look less than tune.CPUWindow ago (burnt), the
// kernel's latest look finding it neither blocked reading the terminal
// nor still (those are sure, and the kernel signal, ranked before this
// one, decides on them). Work the kernel's wait shows is held by the
// kernel signal once confirmed; before that (an event loop's work needs
// tune.LoopWorkConfirm, and bpython's looks alternate between its poll
// and its work) this holds it if it burns. It only delays, bounded as the
// kernel's hold for work is: until the screen has been still for the
// silence window plus tune.KernelHold (live, on a machine at a load of
// 25 on 2 cores, bpython's start-up under strace burned on for 10-18 s
// with nothing drawn after its prompt: bounded by the silence window
// alone, it was ready 2 s after its last frame, 0.4-8 s early; a loop
// that spins while idle, rare, is ready 10 s after its last frame); for
// an event loop among threads, once the program has waited for input, by
// tune.LoopWorkHold after the screen last changed or input was sent, as
// the kernel's hold for such a loop's work is (node agents run on, every
// thread, after their final frame). A question asked
// and unanswered is not withdrawn. Looks that do not know the CPU time
// (recordings made before it was observed, systems without /proc) count
// as no work.
type cpuSignal struct {
	// looks: the CPU shares read since the window before the latest
	// began, oldest first; each holds from its look to the next.
	looks []cpuLook
	view  kernel.View // the latest look
	// burnt: the latest look at which the mean was tune.CPUBusy or more.
	// The hold outlasts it by tune.CPUWindow: on a loaded machine a loop
	// that burns reads idle for a while now and then (live, bpython under
	// strace at a load of 20-25: its share fell from 90 % to 0 for 50-90
	// ms, its tracer waiting for a CPU, and rose again; ready in the dip,
	// early in 2 of 5 runs).
	burnt time.Time
	// starved: the latest look found the group starved (heat). Its end
	// is seen by the first look that finds it not starved, and held
	// tune.CPUWindow from there, as burning is: under load the looks come
	// sparse, and time no look saw is no evidence the wait for a CPU
	// ended.
	starved bool
	// notify: the profile reads the agent's notifications (the notify
	// signal is on); attention: the texts that ask for attention instead
	// of saying the turn is done. done is the latest notification that
	// said the turn was over: a program's own word outranks what its CPU
	// time suggests (Claude Code and Gemini CLI render and write their
	// history for 100-200 ms after their bell, at one to four cores; held
	// for it, their turns took 180-210 ms instead of 60-80). The notify
	// signal, ranked lower, still wants the screen to agree.
	notify    bool
	attention []compiledMarker
	done      time.Time
}

type cpuLook struct {
	at    time.Time
	share float64 // of one core; 0 when not known
}

// rankCPU: after the kernel's own view (a blocked reader, a still loop,
// work), before anything the screen says.
const rankCPU = rankKernel + 10

func init() {
	register(signalKind{name: "cpu", rank: rankCPU, core: true,
		doc: "the foreground group burns CPU while it watches the terminal (kernel.View.CPU)",
		build: func(p Profile, _ SignalSpec) (signal, error) {
			c := &cpuSignal{}
			for _, spec := range p.Signals {
				if spec.Name == "notify" {
					c.notify, c.attention = true, compileAll(spec.Markers)
				}
			}
			return c, nil
		}})
}

func (c *cpuSignal) seen(*facts) {}

func (c *cpuSignal) observe(_ *facts, ev Event) {
	if ev.Kind == Output && c.notify {
		c.noteDone(ev)
	}
	if ev.Kind != Kernel {
		return
	}
	c.view = ev.Kernel
	share, _ := ev.Kernel.CPUShare()
	if n := len(c.looks); n > 0 && c.looks[n-1].share == share {
		c.heat(ev)
		return // the same share goes on
	}
	c.looks = append(c.looks, cpuLook{at: ev.Time, share: share})
	// Keep the look that holds at the start of the widest window asked.
	from := ev.Time.Add(-2 * tune.CPUWindow)
	drop := 0
	for drop+1 < len(c.looks) && !c.looks[drop+1].at.After(from) {
		drop++
	}
	c.looks = c.looks[drop:]
	c.heat(ev)
}

// heat notes whether the look ev finds the group burning (its mean share
// at CPUBusy or more) or starved: a process of the group runnable (its
// thread "running", out of any system call) while its share reads low,
// within CPUWindow of burning or of a look that found it starved. A
// thread's wait on a run queue is counted in its CPU time only
// once it gets the CPU, so a loop that burns reads 0 % while it waits for
// one: live, at a load of 20 on 2 cores, bpython's start-up read 0-20 %
// for 380 ms, a process running at every look (bpython, or strace
// tracing it), no look for 262 ms, then bpython's poll of the terminal
// once — and it burned on for 3.5 s. An idle program's thread caught
// running for a moment had not been burning, and is not held.
func (c *cpuSignal) heat(ev Event) {
	v := ev.Kernel
	burning := c.used(ev.Time) >= float64(tune.CPUBusy)/100
	runnable := v.Wait == kernel.Working && strings.Contains(v.Doing, " running")
	switch {
	case burning:
		c.burnt, c.starved = ev.Time, false
	case runnable && !c.burnt.IsZero() && ev.Time.Before(c.burnt.Add(tune.CPUWindow)):
		c.burnt, c.starved = ev.Time, true
	case c.starved:
		c.burnt, c.starved = ev.Time, false // the first look to find it not starved
	}
}

// used returns the group's mean share of a core over the window ending
// at now.
func (c *cpuSignal) used(now time.Time) float64 {
	w := tune.CPUWindow
	from := now.Add(-w)
	var sum time.Duration
	for i, l := range c.looks {
		end := now
		if i+1 < len(c.looks) {
			end = c.looks[i+1].at
		}
		start := l.at
		if start.Before(from) {
			start = from
		}
		if end.After(start) {
			sum += time.Duration(l.share * float64(end.Sub(start)))
		}
	}
	return float64(sum) / float64(w)
}

// noteDone keeps the time of a notification that says the turn is done
// (not one that asks for attention).
func (c *cpuSignal) noteDone(ev Event) {
	for _, m := range ev.Changes.Marks {
		if m.Kind != screen.MarkNotify && m.Kind != screen.MarkBell {
			continue
		}
		c.done = ev.Time
		if asksAttention(c.attention, m.Value) {
			c.done = time.Time{}
		}
	}
}

func (c *cpuSignal) vote(f *facts, now time.Time) vote {
	v := c.view
	if _, known := v.CPUShare(); !known || v.Wait == kernel.Reading || v.Still || f.stillAsking(now) {
		return vote{}
	}
	if !c.done.IsZero() && !f.inputAt.IsZero() && c.done.After(f.inputAt) {
		return vote{} // the program said its turn is done
	}
	used := c.used(now)
	burning := used >= float64(tune.CPUBusy)/100
	if !burning && (c.burnt.IsZero() || !now.Before(c.burnt.Add(tune.CPUWindow))) {
		return vote{}
	}
	until := f.lastChange.Add(f.prof.Silence.D() + tune.KernelHold)
	if strings.Contains(v.Doing, kernel.AmongThreads) && f.waited {
		settled := f.lastChange
		if f.inputAt.After(settled) {
			settled = f.inputAt
		}
		until = earliest(until, settled.Add(tune.LoopWorkHold))
	}
	if !now.Before(until) {
		return vote{}
	}
	// Asked again as the window slides: the mean falls once the burning
	// stops, and no look may come to say so (a recording keeps changes).
	again := earliest(until, now.Add(tune.CPUWindow/8))
	if c.starved {
		return hold(SignalKernel, "the foreground group is runnable but read %.0f%% of a core over the last %v, after burning: starved of a CPU, not idle (%s)",
			100*used, tune.CPUWindow, v.Doing).later(again)
	}
	if !burning {
		return hold(SignalKernel, "the foreground group used %.0f%% of a core over the last %v, burning %v ago (%s)",
			100*used, tune.CPUWindow, now.Sub(c.burnt), v.Doing).later(earliest(again, c.burnt.Add(tune.CPUWindow)))
	}
	return hold(SignalKernel, "the foreground group used %.0f%% of a core over the last %v, watching the terminal between chunks of work (%s)",
		100*used, tune.CPUWindow, v.Doing).later(again)
}

// earliest returns the earlier of two times.
func earliest(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
