package ready

import (
	"strconv"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/kernel"
)

// children: processes the input started in the program's own foreground
// group are the input's work. newsboat's `R` reloads a feed whose command
// runs a second (`exec:` a shell, its sleep and cat) from a thread, and
// the thread draws the feed when they are done; its main thread waits on
// the terminal throughout, so the kernel's view says "watching", and
// once the 1 s timer it read was served the screen's signals called the
// `Loading…` line ready, 19–89 ms before the feed was drawn, or after the
// next key (two live runs of three at load 15: corpus newsboat, truth of
// every thread, docs/CORPUS.md "Round 11"). The kernel's looks show the
// work: the group holds more processes than when the key was sent
// ("newsboat poll(tty) among threads, sh wait4, +2 more") until the
// children exit, and the thread draws their result tens of ms later.
//
// So: not ready while the spawned program's group (View.Leader) holds
// more processes than at the last input, one of them a command's parent
// waiting for it (runsCommand: "sh wait4"), the screen not cleared since
// the first look that found it so, and for tune.ChildrenGrace after the
// first look that finds that no more, unless the screen changed since. A
// command that takes the screen (an editor or a pager the program runs
// through a shell clears it or switches to the alternate screen) is an
// interactive one, left to the signals that read the screen. Processes alone say too little: bpython starts a python3
// helper at a key that stays, reading its pipe, and an agent runs a shell
// after its final frame (corpus bpython, continue-two-turns: held, both
// were late).
// Bounded as the kernel's hold for work: once the screen has been still
// for the silence window plus tune.KernelHold, it says nothing, so the
// silence fallback still decides. Ranked after the kernel's view and the
// CPU: a reader the kernel sees blocked on the terminal (a pager the
// program started, reading keys) is ready whatever else runs.
type childrenSignal struct {
	view    kernel.View
	atInput int       // processes in the group at the last input; 0: not known
	more    bool      // the latest look found more
	since   time.Time // the first look of the stretch that found more
	extra   int       // how many more, for the reason
	goneAt  time.Time // the first look after that found them gone
	off     bool      // says nothing (a test's WithoutChildren)
}

const rankChildren = rankCPU + 5

func init() {
	register(signalKind{name: "children", rank: rankChildren, core: true,
		doc:   "processes the input started in the program's own group are its work: not ready until they are gone and the program had a moment to draw their result (kernel.View.Doing)",
		build: func(Profile, SignalSpec) (signal, error) { return &childrenSignal{}, nil }})
}

func (c *childrenSignal) seen(*facts) {}

func (c *childrenSignal) observe(_ *facts, ev Event) {
	switch ev.Kind {
	case Input:
		c.atInput, c.more, c.goneAt = 0, false, time.Time{}
		if n, ok := groupSize(c.view); ok {
			c.atInput = n
		}
	case Kernel:
		c.view = ev.Kernel
		n, ok := groupSize(ev.Kernel)
		if !ok || c.atInput == 0 {
			return
		}
		switch {
		case n > c.atInput && runsCommand(ev.Kernel, c.atInput):
			if !c.more {
				c.since = ev.Time
			}
			c.more, c.extra, c.goneAt = true, n-c.atInput, time.Time{}
		case c.more:
			c.more, c.goneAt = false, ev.Time
		}
	}
}

func (c *childrenSignal) vote(f *facts, now time.Time) vote {
	if f.inputAt.IsZero() || c.off {
		return vote{}
	}
	bound := f.lastChange.Add(f.prof.Silence.D() + tune.KernelHold)
	if !now.Before(bound) {
		return vote{}
	}
	if c.more && (f.view == nil || !f.view.snap.LastClear().After(c.since)) {
		return hold(SignalKernel, "%d processes started since the input still run in the program's group (%s)", c.extra, c.view.Doing).later(bound)
	}
	if end := c.goneAt.Add(tune.ChildrenGrace); !c.goneAt.IsZero() && now.Before(end) && !f.lastDrawn.After(c.goneAt) {
		return hold(SignalKernel, "the processes the input started ended %v ago, their result perhaps being drawn (%s)", roundMS(now.Sub(c.goneAt)), c.view.Doing).later(end)
	}
	return vote{}
}

// runsCommand reports whether a process of the group past the first
// known ones (those at the input, in the look's order: the group is read
// from its leader down) waits for a child of its own (wait4): a shell or a
// wrapper running a command. A helper the input started that waits for
// work (bpython's python3 child reading its pipe) or a child an agent
// runs after its answer ("sh running") is no command the key is waiting
// on.
func runsCommand(v kernel.View, known int) bool {
	for i, p := range strings.Split(v.Doing, ", ") {
		if i >= known && strings.HasSuffix(strings.TrimSuffix(p, kernel.AmongThreads), " wait4") {
			return true
		}
	}
	return false
}

// groupSize counts the processes of the spawned program's own group in a
// look, read from its Doing ("strace wait4, newsboat poll(tty) among
// threads, sh wait4, +2 more": five); false for another group (a shell's
// command), a relay's panes, or a look that says nothing.
func groupSize(v kernel.View) (int, bool) {
	d := strings.TrimSuffix(v.Doing, ", polling the terminal (non-blocking)")
	if !v.Leader || d == "" || v.Wait == kernel.Unknown || strings.Contains(d, kernel.RelayDoing) {
		return 0, false
	}
	n := 0
	for _, p := range strings.Split(d, ", ") {
		if m, ok := strings.CutPrefix(p, "+"); ok {
			if k, err := strconv.Atoi(strings.TrimSuffix(m, " more")); err == nil && k > 0 {
				n += k
				continue
			}
		}
		n++
	}
	return n, true
}
