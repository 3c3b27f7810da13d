package screen

import (
	"reflect"
	"sync"
	"unsafe"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// parserDataSize is how many bytes of an OSC, DCS or APC string the parser
// keeps (x/vt keeps 4 MiB, allocated per terminal, for inline images ttyrig
// does not draw; titles, hyperlinks and replies to queries are far
// shorter). The rest of a longer string is dropped.
//
// The buffer starts at firstDataSize and grows to parserDataSize before
// a write whose strings could need more (binding.fit): most terminals never
// see a string of a page, and 100 idle ones held 6 MiB of buffers.
const (
	parserDataSize = 64 << 10
	firstDataSize  = 4 << 10
)

// newEmulator returns x/vt's emulator with its memory bounded: a parser
// buffer of firstDataSize, grown up to parserDataSize when a string needs
// it, instead of 4 MiB (84% of what a terminal allocated at start), and no
// scrollback on the alternate screen, which x/vt fills up to 10,000 lines
// that nothing can read. The main screen's scrollback is bounded by Screen
// (see scrollback.go). It also returns the emulator's parser and the
// parser's string buffer (each nil if it could not be reached).
//
// x/vt offers no option for either, so this reaches its unexported fields;
// if a later x/vt renames them it leaves the emulator as x/vt made it, and
// BenchmarkIdleHeap in termtest shows on the memory it then takes.
func newEmulator(cols, rows int) (*vt.Emulator, *ansi.Parser, *[]byte) {
	e := vt.NewEmulator(cols, rows)
	v := reflect.ValueOf(e).Elem()
	var parser *ansi.Parser
	var data *[]byte
	if f := v.FieldByName("parser"); f.IsValid() && f.Type() == reflect.TypeOf((*ansi.Parser)(nil)) {
		if p := *(**ansi.Parser)(unsafe.Pointer(f.UnsafeAddr())); p != nil {
			parser = p
			data = parserData(p)
			if data != nil {
				p.SetDataSize(firstDataSize)
			} else {
				p.SetDataSize(parserDataSize) // cannot grow it later
			}
		}
	}
	if _, alt := screens(e); alt != nil {
		alt.SetScrollback(nil)
	}
	e.SetScrollbackSize(vtScrollback)
	return e, parser, data
}

// parserData returns p's string buffer, or nil if it cannot be reached.
func parserData(p *ansi.Parser) *[]byte {
	f := reflect.ValueOf(p).Elem().FieldByName("data")
	if !f.IsValid() || f.Type() != reflect.TypeOf([]byte(nil)) {
		return nil
	}
	return (*[]byte)(unsafe.Pointer(f.UnsafeAddr()))
}

// fit grows the parser's string buffer to parserDataSize, keeping what it
// holds, before a write whose longest string (as oscFilter counts it, from
// the string's start) is n bytes, when n might not fit: the parser keeps
// the same bytes of every string as with parserDataSize from the start.
func (b *binding) fit(n int) {
	if b.data == nil || n < len(*b.data) || len(*b.data) >= parserDataSize {
		return
	}
	grown := make([]byte, parserDataSize)
	copy(grown, *b.data)
	*b.data = grown
}

// screens returns e's main and alternate screens, or nils if they cannot
// be reached.
func screens(e *vt.Emulator) (main, alt *vt.Screen) {
	f := reflect.ValueOf(e).Elem().FieldByName("scrs")
	if !f.IsValid() || f.Kind() != reflect.Array || f.Len() != 2 || f.Type().Elem() != reflect.TypeOf(vt.Screen{}) {
		return nil, nil
	}
	return (*vt.Screen)(unsafe.Pointer(f.Index(0).UnsafeAddr())), (*vt.Screen)(unsafe.Pointer(f.Index(1).UnsafeAddr()))
}

// screenBuffers returns the cell buffers of e's main and alternate
// screens, or nils if they cannot be reached. Rows are read and compared
// after every write, and x/vt's CellAt costs four calls a cell; the
// buffers let a row be read as the slice it is. x/vt allocates each
// buffer once, with the screen; Resize keeps it.
func screenBuffers(e *vt.Emulator) (main, alt *uv.RenderBuffer) {
	buf := func(scr *vt.Screen) *uv.RenderBuffer {
		if scr == nil {
			return nil
		}
		b := reflect.ValueOf(scr).Elem().FieldByName("buf")
		if !b.IsValid() || b.Type() != reflect.TypeOf((*uv.RenderBuffer)(nil)) {
			return nil
		}
		return *(**uv.RenderBuffer)(unsafe.Pointer(b.UnsafeAddr()))
	}
	m, a := screens(e)
	main, alt = buf(m), buf(a)
	if main == nil || alt == nil || main.Buffer == nil || alt.Buffer == nil {
		return nil, nil
	}
	return main, alt
}

// binding is an emulator with the handlers ttyrig adds to it, feeding the
// Screen s. A closed screen hands its binding to the next screen made
// (see reuse): x/vt's constructor allocates and zeroes a 4 MiB parser
// buffer, which was a fifth of a replay's time and most of a terminal's
// start; a binding reset to the state it was made in costs microseconds.
type binding struct {
	e      *vt.Emulator
	s      *Screen
	parser *ansi.Parser
	data   *[]byte             // the parser's string buffer (fit grows it); nil where it cannot be reached
	bufs   [2]*uv.RenderBuffer // main, alternate; nil where x/vt's fields could not be reached
	pool   pool                // where release puts it
	// captures: lines a line feed scrolls off skip x/vt's scrollback
	// (scrollcapture.go).
	captures bool
	faulted  bool        // x/vt panicked on this emulator (fault.go): not reused
	fresh    vt.Emulator // *e as made, handlers registered, before any output
}

// bindings holds the bindings of closed screens for the next screens.
var bindings spares

// maxSpares is how many bindings of closed screens are kept through
// collections, about 0.4 MiB each at 100×30 (the cell buffers and the
// parser's 64 KiB). A test suite collects between most of its tests, and
// a sync.Pool alone is emptied by each collection, so nearly every
// terminal paid for a new emulator (4 MiB allocated and zeroed).
const maxSpares = 4

// spares is a pool that keeps up to maxSpares bindings whatever the
// collector does, and more in a sync.Pool, which the collector empties (a
// burst of parallel terminals' bindings are not all kept). A binding
// holds no goroutine.
type spares struct {
	mu   sync.Mutex
	kept []any
	more sync.Pool
}

// Get returns a kept binding, or one from the sync.Pool, or nil.
func (p *spares) Get() any {
	p.mu.Lock()
	if n := len(p.kept); n > 0 {
		x := p.kept[n-1]
		p.kept[n-1] = nil
		p.kept = p.kept[:n-1]
		p.mu.Unlock()
		return x
	}
	p.mu.Unlock()
	return p.more.Get()
}

// Put keeps x, in the sync.Pool once maxSpares are kept.
func (p *spares) Put(x any) {
	p.mu.Lock()
	if len(p.kept) < maxSpares {
		p.kept = append(p.kept, x)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	p.more.Put(x)
}

// pool is where bindings wait for their next screen (bindings, or a
// test's own).
type pool interface {
	Get() any
	Put(any)
}

// bind returns a binding for s, cols×rows: a closed screen's from p,
// reset, or a new one.
func bind(s *Screen, cols, rows int, p pool) *binding {
	if b, ok := p.Get().(*binding); ok {
		b.reset(cols, rows)
		b.s = s
		return b
	}
	e, parser, data := newEmulator(cols, rows)
	b := &binding{e: e, s: s, parser: parser, data: data, pool: p}
	b.bufs[0], b.bufs[1] = screenBuffers(e)
	e.SetCallbacks(vt.Callbacks{
		AltScreen: func(on bool) {
			s := b.s
			s.alt = on
			s.cleared = s.now
			s.allDirty = true
			s.modesChanged = true
			s.touch()
		},
		CursorVisibility: func(v bool) { b.s.visible = v; b.s.modesChanged = true; b.s.touch() },
		EnableMode:       func(m ansi.Mode) { b.s.modeChanged(m, true) },
		DisableMode:      func(m ansi.Mode) { b.s.modeChanged(m, false) },
		Bell:             func() { b.s.mark(Mark{Kind: MarkBell, Raw: "BEL"}) },
		// Printing moves the cursor: a query is answered, not pending.
		CursorPosition: func(_, _ uv.Position) { b.s.pendingQuery = "" },
	})
	b.registerHandlers()
	b.registerMarks()
	b.boundCounts()
	b.keepBeforeScrolls()
	b.captures = b.captureScrolls()
	b.fresh = *e
	return b
}

// release offers b, whose screen is closed, to the next screen made. Only
// a binding whose parser could be reset, and whose emulator never panicked,
// is reused.
func (b *binding) release() {
	if b.parser == nil || b.faulted {
		return
	}
	b.s = nil
	b.pool.Put(b)
}

// reset puts b's emulator back as bind made it, at cols×rows: every field
// as it was (colours, title, charsets, cursor, tab stops, the handlers
// registered), the parser out of any sequence, then a full reset (RIS)
// for what x/vt keeps behind pointers (the screens' cells, the modes), and
// the size. A program's output then draws on it as on a new emulator
// (TestReusedEmulatorIsNew).
func (b *binding) reset(cols, rows int) {
	b.parser.Reset()
	*b.e = b.fresh
	// The handlers x/vt calls on the way run on a screen no one sees.
	b.s = &Screen{emu: b.e}
	_, _ = b.e.Write([]byte("\x1bc"))
	b.e.Resize(cols, rows)
	if sb := b.e.Scrollback(); sb != nil {
		sb.Clear()
	}
}

// line returns the cells of the emulator's row y, cols of them: the
// screen buffer's own slice where it can be reached (callers must not keep
// or change it), else a copy made cell by cell in *into.
func (b *binding) line(y, cols int, into *[]uv.Cell) []uv.Cell {
	buf := b.bufs[0]
	if b.e.IsAltScreen() {
		buf = b.bufs[1]
	}
	if buf != nil && y >= 0 && y < len(buf.Lines) && len(buf.Lines[y]) == cols {
		return buf.Lines[y]
	}
	cells := (*into)[:0]
	for x := range cols {
		c := b.e.CellAt(x, y)
		if c == nil {
			c = &blank
		}
		cells = append(cells, *c)
	}
	*into = cells
	return cells
}
