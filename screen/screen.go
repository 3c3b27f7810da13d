// Package screen is the emulated terminal screen that ttyrig programs draw
// on: github.com/charmbracelet/x/vt behind a mutex, answering terminal
// queries (cursor position, device attributes, colours, modes) the moment
// they are parsed, hiding half-drawn synchronized frames, and remembering when
// the screen last changed so stability questions are cheap.
//
// Feed it program output with WriteAt and read it with Snapshot:
//
//	s := screen.New(100, 30, screen.WithReplies(sendToProgram))
//	s.WriteAt(time.Now(), chunk)
//	fmt.Println(s.Snapshot())
package screen

import (
	"bytes"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/clock"
)

// SyncHold is how long a synchronized update (DEC mode 2026) may hide the
// screen's changes: terminals show a frame held open longer anyway, and so
// do Snapshot and WriteAt. Whoever waits on a screen (the readiness engine,
// expect) waits no longer than this for an open update to close.
const SyncHold = time.Second

// syncEnd ends a synchronized update (DEC mode 2026 reset).
var syncEnd = []byte("\x1b[?2026l")

// Option configures a Screen.
type Option func(*Screen)

// WithReplies sets where the screen's answers to terminal queries go (for a
// live program: its PTY input). Answers arrive in order, each as one call.
// Without it they are discarded, as replay wants.
func WithReplies(f func([]byte)) Option { return func(s *Screen) { s.replies = f } }

// WithClock sets the clock used to decide when an open synchronized update
// has been held too long. The default (and nil) is the wall clock.
func WithClock(c clock.Clock) Option {
	return func(s *Screen) {
		if c != nil {
			s.clock = c
		}
	}
}

// Screen is a terminal screen fed by program output. All methods are safe
// for concurrent use.
type Screen struct {
	mu      sync.Mutex
	emu     *vt.Emulator // nil once closed and handed on (see binding)
	bind    *binding
	closed  bool
	stop    atomic.Bool // drain returns at its next wake
	clock   clock.Clock
	replies func([]byte)
	osc     oscFilter
	kitty   kittyFlags
	focus   focus // the window's, as SetFocus set it
	focusOn bool  // the program has focus events on (mode 1004)

	// What observers see, rebuilt from the emulator after each write.
	rows       []*row
	rowsShared bool // a snapshot refers to rows
	cols       int
	title      string
	cursor     Position
	visible    bool
	alt        bool
	bracketed  bool
	input      inputModes

	now       time.Time // time of the write being parsed
	at        time.Time
	changed   time.Time
	cleared   time.Time
	allDirty  bool // the whole screen must be reread (resize, buffer switch)
	syncOpen  bool
	syncLazy  bool // the open update closes later in the same write
	syncStart time.Time
	frozen    Snapshot // last complete frame while a synchronized update is open

	origin  []int   // where each row was at the last refresh, while moved (rowmoves.go)
	moved   bool    // a scroll was noted since the last refresh
	scratch scratch // reused by readRow
	back    scrollback
	lineBuf []byte // reused by lineText
	repLeft int    // characters REP may still print in this write (see boundRepeat)
	fault   error  // the emulator's first panic (fault.go)
	faults  int

	// What the write being parsed did, for its Changes.
	marks        []Mark
	pendingQuery string // the last query, until something is printed after it
	changedRows  []int
	writing      bool // a WriteAt is collecting its Changes
	cursorMoved  bool
	titleChanged bool
	modesChanged bool

	drained chan struct{}
}

// New returns a cols×rows screen. A size outside 1..MaxCols × 1..MaxRows is
// clamped into it; check sizes from users with CheckSize first.
func New(cols, rows int, opts ...Option) *Screen {
	return newScreen(cols, rows, &bindings, opts...)
}

// newScreen makes a screen on a binding from p, if it holds one, else a
// new one; Close puts it back in p.
func newScreen(cols, rows int, p pool, opts ...Option) *Screen {
	cols, rows = clampSize(cols, rows)
	s := &Screen{
		clock:    clock.Real,
		visible:  true,
		allDirty: true,
		drained:  make(chan struct{}),
	}
	for _, o := range opts {
		o(s)
	}
	s.bind = bind(s, cols, rows, p)
	s.emu = s.bind.e
	// Make DECRQM report synchronized output as supported-and-reset rather
	// than unknown, so programs that probe for it use it, as they would in
	// a modern terminal.
	_, _ = s.emu.Write([]byte("\x1b[?2026l"))
	go s.drain()
	s.refresh()
	return s
}

// drain moves the emulator's replies to the replies func. x/vt writes them
// into a synchronous pipe, so without a reader a query would block the
// parser forever.
func (s *Screen) drain() {
	defer close(s.drained)
	e := s.emu
	buf := make([]byte, 4096)
	for {
		n, err := e.Read(buf)
		if n > 0 && s.replies != nil {
			s.replies(bytes.Clone(buf[:n]))
		}
		if err != nil || n == 0 && s.stop.Load() { // Close's empty write
			return
		}
	}
}

// Close stops the reply goroutine. The screen stays readable: Snapshot,
// LastChange and Scrollback show it as it was; output written to it later
// is dropped.
//
// Its emulator goes to the next screen made (see binding), unless a
// synchronized update is open: then Snapshot may still have to show the
// frame behind it, and the emulator stays.
func (s *Screen) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	pw, ok := s.emu.InputPipe().(*io.PipeWriter)
	if !ok {
		return nil
	}
	if s.syncOpen {
		_ = pw.Close()
		<-s.drained
		return nil
	}
	// Wake the reader with an empty write rather than closing the pipe,
	// which the next screen keeps using. (No reply is on its way: they are
	// written while s.mu is held.)
	s.stop.Store(true)
	_, _ = pw.Write(nil)
	<-s.drained
	s.bind.release()
	s.emu, s.bind = nil, nil
	return nil
}

// WriteAt feeds program output that arrived at t and reports what it
// changed and the protocol marks it held. Queries in p are answered as they
// are parsed, so a cursor report reflects the cursor at the moment of the
// query even in the middle of a chunk.
func (s *Screen) WriteAt(t time.Time, p []byte) Changes {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.emu == nil {
		return Changes{}
	}
	s.resetChanges()
	defer s.writeDone()
	s.now = t
	if t.After(s.at) {
		s.at = t
	}
	p = s.osc.filter(p)
	s.bind.fit(s.osc.longest)
	s.repLeft = repBudget * s.emu.Width() * s.emu.Height()
	// Frames opened and closed within p are never seen half-drawn (p is
	// parsed under the lock), so up to p's last sync-close their opens need
	// not capture the frame drawn so far. Repainting spinners send many
	// such frames per read; capturing each would cost more than parsing.
	if i := lastIndex(p, syncEnd); i >= 0 {
		s.syncLazy = true
		s.feed(p[:i+len(syncEnd)])
		s.syncLazy = false
		p = p[i+len(syncEnd):]
	}
	s.feed(p)
	if s.syncOpen && t.Sub(s.syncStart) < SyncHold {
		return s.changes() // observers keep seeing the frozen frame
	}
	s.refresh()
	return s.changes()
}

// Resize changes the screen size, as the terminal window would; the size
// is clamped as New clamps it.
func (s *Screen) Resize(cols, rows int) {
	cols, rows = clampSize(cols, rows)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.emu == nil {
		return
	}
	s.resize(cols, rows)
	s.keepScrollback()
	s.allDirty = true
	s.now = s.clock.Now()
	s.refresh()
}

// Snapshot returns the screen as observers should see it now. While a
// synchronized update is open it returns the last complete frame, for at
// most a second.
func (s *Screen) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.syncOpen {
		if s.clock.Now().Sub(s.syncStart) < SyncHold {
			return s.frozen
		}
		s.refresh()
	}
	return s.snapshotLocked()
}

// LastChange returns when the visible screen last changed.
func (s *Screen) LastChange() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

func (s *Screen) snapshotLocked() Snapshot {
	s.rowsShared = true
	return Snapshot{
		rows:          s.rows,
		cols:          s.cols,
		cursor:        s.cursor,
		cursorVisible: s.visible,
		altScreen:     s.alt,
		title:         s.title,
		bracketed:     s.bracketed,
		input:         s.input,
		kittyFlags:    s.kitty.current(),
		syncOpen:      s.syncOpen,
		at:            s.at,
		changed:       s.changed,
		cleared:       s.cleared,
		back:          s.back.view(),
	}
}

func (s *Screen) modeChanged(m ansi.Mode, on bool) {
	switch m {
	case ansi.ModeSynchronizedOutput:
		if on && !s.syncOpen {
			s.syncOpen, s.syncStart = true, s.now
			if !s.syncLazy {
				s.refresh() // the frame drawn so far is the one to show
				s.frozen = s.snapshotLocked()
			}
		} else if !on {
			s.syncOpen = false
		}
	case ansi.ModeFocusEvent:
		s.focusOn = on
	case ansi.ModeBracketedPaste:
		s.bracketed = on
		s.modesChanged = true
		s.touch()
	default:
		// Input modes change what keys send, not what anyone sees: they
		// do not move the change time the engine's quiet windows read.
		s.input.set(m, on)
	}
}

// lastIndex is bytes.LastIndex for a sep that occurs rarely in p, as a
// sync-close does in output: found forwards, where the search runs on the
// processor's vector instructions, rather than hashed byte by byte
// backwards.
func lastIndex(p, sep []byte) int {
	last := -1
	for i := 0; ; {
		j := bytes.Index(p[i:], sep)
		if j < 0 {
			return last
		}
		last = i + j
		i = last + 1 // a sep that overlaps itself is found again
	}
}

// refresh rereads the rows the emulator touched, and the cursor and title,
// and moves the change time when anything observers see differs.
func (s *Screen) refresh() {
	cols, nrows := s.emu.Width(), s.emu.Height()
	s.cols = cols
	changed := false
	if len(s.rows) != nrows {
		s.rows, s.rowsShared = make([]*row, nrows), false
		s.allDirty, changed = true, true
	}
	// prev stays as it was (rows are copied on the first change), so rows
	// that scrolled can be found there and kept rather than reread.
	prev, wasShared := s.rows, s.rowsShared
	s.rowsShared = true
	m := mover{prev: prev}
	touched := s.emu.Touched()
	for y := range nrows {
		old := prev[y]
		var r *row
		if !s.allDirty && (y >= len(touched) || touched[y] == nil) {
			if src := s.source(y, prev); src >= 0 {
				r = prev[src] // as it was, or moved by a noted scroll (rowmoves.go)
			}
		}
		if r == nil {
			line := s.bind.line(y, cols, &s.scratch.line)
			if r = m.find(line, y); r == nil {
				r = readRow(line, &s.scratch)
			}
		}
		if r == old {
			continue // as it was, or repainted as it was
		}
		if s.rowsShared { // a snapshot (or prev) holds the slice: copy on write
			s.rows = append([]*row(nil), s.rows...)
			s.rowsShared = false
		}
		s.rows[y] = r
		if s.writing {
			s.changedRows = append(s.changedRows, y)
		}
		changed = true
	}
	if s.rowsShared { // nothing changed: s.rows is still prev
		s.rowsShared = wasShared
	}
	s.allDirty, s.moved = false, false
	for i := range touched { // x/vt's Emulator has no ClearTouched; the slice is its own
		touched[i] = nil
	}

	pos := s.emu.CursorPosition()
	cur := Position{Row: pos.Y + 1, Col: pos.X + 1}
	if cur != s.cursor {
		s.cursor, changed = cur, true
		s.cursorMoved = true
	}
	if changed {
		s.changed = s.now
	}
}

// touch records a change observers can see that is not in the cells.
func (s *Screen) touch() { s.changed = s.now }
