package screen

import (
	"fmt"
	"io"

	"github.com/charmbracelet/x/ansi"
)

// Version is what the screen answers to XTVERSION (CSI > q).
const Version = "ttyrig(1)"

// registerHandlers adds what x/vt leaves out: answers to the queries real
// agent CLIs send at start (XTVERSION, the kitty keyboard query, window size
// in characters), exact titles, and the time of each full-screen erase.
// Handlers registered later run first; returning false lets x/vt's own
// handler run as well.
func (b *binding) registerHandlers() {
	e := b.e
	reply := func(str string) { _, _ = io.WriteString(e.InputPipe(), str) }

	// XTVERSION: DCS > | name ST.
	e.RegisterCsiHandler(ansi.Command('>', 0, 'q'), func(params ansi.Params) bool {
		b.s.query("CSI >q")
		reply("\x1bP>|" + Version + "\x1b\\")
		return true
	})

	// Kitty keyboard protocol: query (CSI ? u), push (CSI > f u), pop
	// (CSI < n u) and set (CSI = f ; m u). Answering the query matters most:
	// programs wait for it (or for the DA1 that follows) before drawing.
	e.RegisterCsiHandler(ansi.Command('?', 0, 'u'), func(params ansi.Params) bool {
		b.s.query("CSI ?u")
		reply(fmt.Sprintf("\x1b[?%du", b.s.kitty.current()))
		return true
	})
	e.RegisterCsiHandler(ansi.Command('>', 0, 'u'), func(params ansi.Params) bool {
		f, _, _ := params.Param(0, 0)
		b.s.kitty.push(f)
		return true
	})
	e.RegisterCsiHandler(ansi.Command('<', 0, 'u'), func(params ansi.Params) bool {
		n, _, _ := params.Param(0, 1)
		b.s.kitty.pop(n)
		return true
	})
	e.RegisterCsiHandler(ansi.Command('=', 0, 'u'), func(params ansi.Params) bool {
		f, _, _ := params.Param(0, 0)
		m, _, _ := params.Param(1, 1)
		b.s.kitty.set(f, m)
		return true
	})

	// XTWINOPS size reports: 18 t (text area in characters), 14 t (pixels,
	// as if each cell were 10x20).
	e.RegisterCsiHandler('t', func(params ansi.Params) bool {
		op, _, _ := params.Param(0, 0)
		switch op {
		case 18:
			b.s.query("CSI 18t")
			reply(fmt.Sprintf("\x1b[8;%d;%dt", e.Height(), e.Width()))
		case 14:
			b.s.query("CSI 14t")
			reply(fmt.Sprintf("\x1b[4;%d;%dt", e.Height()*20, e.Width()*10))
		default:
			return false
		}
		return true
	})

	// Erase in display: remember full-screen clears for stability rules.
	e.RegisterCsiHandler('J', func(params ansi.Params) bool {
		if n, _, _ := params.Param(0, 0); n == 2 || n == 3 {
			b.s.cleared = b.s.now
		}
		return false
	})
	e.RegisterEscHandler('c', func() bool { // RIS
		b.s.cleared = b.s.now
		b.s.kitty = kittyFlags{}
		b.s.focusOn = false
		b.s.allDirty = true // x/vt's reset forgets which rows it touched
		return false
	})

	// Titles: take them from the OSC filter, which kept the exact bytes.
	title := func(data []byte) bool {
		t := b.s.osc.restore(data)
		for i := 0; i < len(t); i++ {
			if t[i] == ';' {
				t = t[i+1:]
				break
			}
		}
		if string(t) != b.s.title {
			b.s.title = string(t)
			b.s.titleChanged = true
			b.s.touch()
		}
		return false // let x/vt keep its own copy and callbacks
	}
	e.RegisterOscHandler(0, title)
	e.RegisterOscHandler(2, title)
}

// kittyFlags is the kitty keyboard protocol's stack of enhancement flags.
type kittyFlags struct{ stack []int }

func (k *kittyFlags) current() int {
	if len(k.stack) == 0 {
		return 0
	}
	return k.stack[len(k.stack)-1]
}

func (k *kittyFlags) push(f int) {
	if len(k.stack) >= 16 { // bounded, as the spec allows
		k.stack = k.stack[1:]
	}
	k.stack = append(k.stack, f)
}

func (k *kittyFlags) pop(n int) {
	k.stack = k.stack[:max(len(k.stack)-n, 0)]
}

func (k *kittyFlags) set(f, mode int) {
	if len(k.stack) == 0 {
		k.stack = append(k.stack, 0)
	}
	top := &k.stack[len(k.stack)-1]
	switch mode {
	case 1:
		*top = f
	case 2:
		*top |= f
	case 3:
		*top &^= f
	}
}
