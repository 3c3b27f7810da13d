package screen

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// MarkKind says what a protocol mark is.
type MarkKind int

// The protocol marks a screen reports. Each comes from the emulator's own
// parser (a handler per sequence), so nothing else has to read the bytes.
const (
	// MarkShell is an OSC 133 (or VS Code's OSC 633) shell-integration
	// mark: Letter 'A' prompt start, 'B' prompt end (the shell reads
	// input), 'C' command output starts, 'D' command finished with Code.
	MarkShell MarkKind = iota + 1
	// MarkProgress is OSC 9;4 progress (ConEmu, Windows Terminal,
	// Ghostty): Code is the state, 0 clears it, 1–4 show it.
	MarkProgress
	// MarkAgent is Codex CLI's OSC 7501;state=...: Value is the state
	// ("working", "done", "idle").
	MarkAgent
	// MarkNotify is a desktop notification: OSC 9;text (iTerm2), OSC
	// 777;notify;title;body (urxvt, Ghostty) or OSC 99 (kitty). Value is
	// its text.
	MarkNotify
	// MarkBell is BEL outside any sequence.
	MarkBell
	// MarkQuery is a terminal query the program sent (CSI 6n, DA, OSC
	// 10/11/12 ?, DECRQM, XTVERSION, the kitty keyboard query, XTWINOPS
	// size reports). Value names it, as "CSI 6n".
	MarkQuery
)

func (k MarkKind) String() string {
	switch k {
	case MarkShell:
		return "shell"
	case MarkProgress:
		return "progress"
	case MarkAgent:
		return "agent"
	case MarkNotify:
		return "notify"
	case MarkBell:
		return "bell"
	case MarkQuery:
		return "query"
	}
	return "unknown"
}

// Mark is one protocol message the program wrote.
type Mark struct {
	Kind   MarkKind
	Letter byte   // MarkShell: 'A' to 'D'
	Code   int    // MarkShell 'D': exit status; MarkProgress: state
	Value  string // MarkAgent: state; MarkNotify: text; MarkQuery: the query
	Raw    string // the sequence as a reason can quote it, as "OSC 133;B"
}

func (m Mark) String() string { return m.Raw }

// markKept bounds the text a mark keeps of a sequence's payload: enough for
// any protocol's fields and a readable reason, never a whole title.
const markKept = 128

func clip(s string) string {
	if len(s) <= markKept {
		return s
	}
	cut := markKept
	for cut > 0 && !utf8.RuneStart(s[cut]) { // never half a character
		cut--
	}
	return s[:cut] + "…"
}

// Changes is what one write did to the screen, as observers see it.
type Changes struct {
	// Rows are the 0-based rows whose content or colours differ from
	// before the write, in order. Empty while a synchronized update holds
	// the frame.
	Rows []int
	// Cursor, Title and Modes report that the cursor position, the title
	// or a mode observers see (cursor visibility, alternate screen,
	// bracketed paste) changed.
	Cursor, Title, Modes bool
	// Marks are the protocol marks in the write, in order.
	Marks []Mark
	// QueryPending names the last terminal query when nothing was printed
	// after it (possibly in an earlier write): the program is talking to
	// the terminal, not waiting for the user. Empty otherwise.
	QueryPending string
}

// mark notes a protocol mark of the write being parsed.
func (s *Screen) mark(m Mark) {
	if len(s.marks) >= maxMarks {
		// A program flooding marks: keep the latest half, in order, at an
		// amortised copy per mark. What a mark decides is its latest state.
		n := copy(s.marks, s.marks[maxMarks/2:])
		s.marks = s.marks[:n]
	}
	s.marks = append(s.marks, m)
}

// maxMarks bounds the marks one write reports.
const maxMarks = 256

// query notes a terminal query: a mark, and pending until something is
// printed (the cursor moves).
func (s *Screen) query(name string) {
	s.mark(Mark{Kind: MarkQuery, Value: name, Raw: name})
	s.pendingQuery = name
}

// registerMarks adds a handler for each protocol sequence the readiness
// engine reads. Handlers that only watch return false, so x/vt's own
// handler (the answer to a query) runs as well.
func (b *binding) registerMarks() {
	e := b.e

	shell := func(num string) func([]byte) bool {
		return func(data []byte) bool {
			_, rest, _ := strings.Cut(string(data), ";")
			if rest == "" || strings.IndexByte("ABCD", rest[0]) < 0 {
				return true
			}
			m := Mark{Kind: MarkShell, Letter: rest[0], Raw: clip("OSC " + num + ";" + rest)}
			if m.Letter == 'D' {
				if f := strings.Split(rest, ";"); len(f) > 1 {
					m.Code, _ = strconv.Atoi(f[1])
				}
			}
			b.s.mark(m)
			return true
		}
	}
	e.RegisterOscHandler(133, shell("133"))
	e.RegisterOscHandler(633, shell("633"))

	e.RegisterOscHandler(9, func(data []byte) bool {
		_, rest, _ := strings.Cut(string(b.s.osc.restore(data)), ";")
		sub, args, _ := strings.Cut(rest, ";")
		if sub != "4" {
			b.s.mark(Mark{Kind: MarkNotify, Value: clip(rest), Raw: clip("OSC 9;" + rest)})
			return true
		}
		st, _, _ := strings.Cut(args, ";")
		code, err := strconv.Atoi(st)
		if err != nil {
			code = 0
		}
		b.s.mark(Mark{Kind: MarkProgress, Code: code, Raw: clip("OSC 9;4;" + args)})
		return true
	})
	e.RegisterOscHandler(777, func(data []byte) bool {
		_, rest, _ := strings.Cut(string(b.s.osc.restore(data)), ";")
		if what, text, _ := strings.Cut(rest, ";"); what == "notify" {
			title, body, _ := strings.Cut(text, ";")
			if body != "" {
				title += ": " + body
			}
			b.s.mark(Mark{Kind: MarkNotify, Value: clip(title), Raw: clip("OSC 777;" + rest)})
		}
		return true
	})
	e.RegisterOscHandler(99, func(data []byte) bool {
		_, rest, _ := strings.Cut(string(b.s.osc.restore(data)), ";")
		meta, text, _ := strings.Cut(rest, ";")
		if slices.Contains(strings.Split(meta, ":"), "p=?") {
			// kitty's capability query (opencode's renderer sends one at
			// start), not a notification. Unanswered, as by a terminal
			// without OSC 99: nothing waits on it, so it is not pending.
			b.s.mark(Mark{Kind: MarkQuery, Value: "OSC 99 ?", Raw: clip("OSC 99;" + rest)})
			return true
		}
		b.s.mark(Mark{Kind: MarkNotify, Value: clip(text), Raw: clip("OSC 99;" + rest)})
		return true
	})
	e.RegisterOscHandler(7501, func(data []byte) bool {
		_, rest, _ := strings.Cut(string(data), ";")
		for _, kv := range strings.FieldsFunc(rest, func(r rune) bool { return r == ';' || r == ':' }) {
			if k, v, ok := strings.Cut(kv, "="); ok && k == "state" {
				b.s.mark(Mark{Kind: MarkAgent, Value: clip(v), Raw: clip("OSC 7501;" + rest)})
			}
		}
		return true
	})

	// Colour queries: OSC 10/11/12 with "?" (x/vt answers them).
	for _, n := range []int{10, 11, 12} {
		name := "OSC " + strconv.Itoa(n) + ";?"
		e.RegisterOscHandler(n, func(data []byte) bool {
			if _, rest, _ := strings.Cut(string(data), ";"); rest == "?" {
				b.s.query(name)
			}
			return false
		})
	}

	// CSI queries x/vt answers itself: device status, device attributes,
	// mode requests.
	e.RegisterCsiHandler(ansi.Command(0, 0, 'n'), func(params ansi.Params) bool {
		if n, _, _ := params.Param(0, 0); n == 5 || n == 6 {
			b.s.query("CSI " + strconv.Itoa(n) + "n")
		}
		return false
	})
	e.RegisterCsiHandler(ansi.Command('?', 0, 'n'), func(params ansi.Params) bool {
		if n, _, _ := params.Param(0, 0); n == 6 {
			b.s.query("CSI ?6n")
		}
		return false
	})
	da := func(prefix string) func(ansi.Params) bool {
		return func(params ansi.Params) bool {
			if n, _, _ := params.Param(0, 0); n == 0 {
				b.s.query("CSI " + prefix + "c")
			}
			return false
		}
	}
	e.RegisterCsiHandler(ansi.Command(0, 0, 'c'), da(""))
	e.RegisterCsiHandler(ansi.Command('>', 0, 'c'), da(">"))
	e.RegisterCsiHandler(ansi.Command('=', 0, 'c'), da("="))
	e.RegisterCsiHandler(ansi.Command('?', '$', 'p'), func(params ansi.Params) bool {
		n, _, _ := params.Param(0, 0)
		b.s.query("CSI ?" + strconv.Itoa(n) + "$p")
		return false
	})
	e.RegisterCsiHandler(ansi.Command(0, '$', 'p'), func(params ansi.Params) bool {
		n, _, _ := params.Param(0, 0)
		b.s.query("CSI " + strconv.Itoa(n) + "$p")
		return false
	})
}

func (s *Screen) resetChanges() {
	s.writing = true
	s.marks, s.changedRows = nil, s.changedRows[:0]
	s.cursorMoved, s.titleChanged, s.modesChanged = false, false, false
}

// writeDone drops what a write kept for its report, so a large write's
// row list is not held until the next one.
func (s *Screen) writeDone() {
	s.writing = false
	if cap(s.changedRows) > 1024 {
		s.changedRows = nil
	}
}

// changes reports the write just parsed. Marks and rows are the caller's
// to keep.
func (s *Screen) changes() Changes {
	c := Changes{
		Cursor:       s.cursorMoved,
		Title:        s.titleChanged,
		Modes:        s.modesChanged,
		Marks:        s.marks,
		QueryPending: s.pendingQuery,
	}
	if len(s.changedRows) > 0 {
		c.Rows = append([]int(nil), s.changedRows...)
	}
	s.marks = nil
	return c
}
