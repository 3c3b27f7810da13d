package ready

import (
	"bytes"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ttyrig/ttyrig/screen"
)

// unanswered: a line submitted to an input box and not answered yet. An
// agent that takes the line shows it was taken before it shows any work:
// it empties its input box (or puts its placeholder back), then draws the
// message sent in its transcript, and only then its busy indicator — one
// agent left a full second between the two with nothing else drawn (issue
// 20, class 4: ready while it worked). Two shapes, both read against the
// screen as it was when Enter was sent:
//
//   - taken: only the input line changed, the text typed cut off its end
//     or replaced by dim text (a placeholder), the cursor on it after a
//     prompt glyph or a box's edge; other rows may have been erased or
//     drawn dim (Gemini puts its "? for shortcuts" hint back with its
//     placeholder, agents/testdata/gemini-taken-hint.cast);
//   - echoed: the text submitted drawn on a row that did not hold it, with
//     nothing below it but blank rows and a box's edges down to the input
//     line, which starts at a box's edge or sits in a box (inputbox.go)
//     and holds nothing typed; drawn once (an answer that repeats the
//     line, as a fixture agent's does, is an answer).
//
// Both only until the program draws a busy indicator: from then on what
// it draws is its answer, even one that repeats the line sent.
//
// A shell or REPL answers on the rows below its echo and draws its prompt
// right under it (no row between) or keeps the echo where it was typed;
// an agent that shows its work at once draws a spinner or the answer
// between the echo and the box. Either way the shape is gone. The hold is
// bounded: once the screen has been still for the silence window the
// fallback decides (a program that takes a line and has nothing more to
// draw), and never longer than tune.UnansweredHold after the Enter. The
// echoed shape holds longer, tune.EchoSilence still: a message drawn in a
// transcript over an empty input box is sent to someone who answers, and
// an agent drew nothing for 3 s between its user's message and its busy
// bar (agents/testdata/opencode-not-monitor.cast).
type unansweredSignal struct {
	typed   []byte // what was typed since the last Enter, UTF-8 (take)
	pending bool   // a line was submitted and the shapes are watched for
	worked  bool   // a busy indicator was drawn since
	sent    string // the line submitted, trimmed
	at      time.Time
	rows    []string        // the screen's rows when Enter was sent
	snap    screen.Snapshot // and its cells, for the styles of the input line
	cursor  screen.Position // the input position when Enter was sent
	look    stillLook       // a look found the program still since the Enter (signal_unanswered_still.go)
}

func init() {
	register(signalKind{name: "unanswered", rank: rankLineTaken + 1, core: true,
		build: func(Profile, SignalSpec) (signal, error) { return &unansweredSignal{}, nil }})
}

// seen notes a busy indicator drawn since the Enter: the program showed
// its work, and what it draws after that is its answer, even an answer
// that repeats the line sent.
func (u *unansweredSignal) seen(f *facts) {
	if !u.pending || u.worked {
		return
	}
	for _, br := range f.busyAnim.rows {
		if br.at.After(u.at) {
			u.worked = true
		}
	}
}

func (u *unansweredSignal) observe(f *facts, ev Event) {
	switch ev.Kind {
	case Input:
		if i := bytes.IndexAny(ev.Data, "\r\n"); i >= 0 {
			u.take(ev.Data[:i])
			u.pending = false
			if sent := strings.TrimSpace(string(u.typed)); sent != "" && f.view != nil {
				c, _, _ := f.view.inputCursor(f.prof.Cursor.Hidden)
				u.pending, u.worked, u.sent, u.at = true, false, sent, ev.Time
				u.rows, u.snap, u.cursor = slices.Clone(f.view.rows), f.view.snap, c
			}
			u.typed = u.typed[:0]
			return
		}
		u.take(ev.Data)
	case Resize:
		u.pending, u.typed = false, u.typed[:0]
	}
	if u.pending {
		u.look.note(ev, u.at)
	}
}

// take adds what an input typed: printable text, a backspace taking the
// last character back; a key sent as an escape sequence (an arrow, a
// function key) moves in the line, and what it typed is no longer known.
// A run of printable ASCII is appended at once and the rest rune by rune,
// as UTF-8 (a byte that is no UTF-8 types U+FFFD, as ranging over the
// string does): 200 kB typed cost 3.8 ms rune by rune into a []rune.
func (u *unansweredSignal) take(p []byte) {
	if bytes.IndexByte(p, 0x1b) >= 0 {
		u.typed = u.typed[:0]
		return
	}
	for len(p) > 0 {
		if n := printableASCII(p); n > 0 {
			u.typed = append(u.typed, p[:n]...)
			p = p[n:]
			continue
		}
		r, size := utf8.DecodeRune(p)
		p = p[size:]
		switch {
		case r == 0x7f || r == 0x08:
			// typed holds whole runes only: its last is one to take back.
			_, n := utf8.DecodeLastRune(u.typed)
			u.typed = u.typed[:len(u.typed)-n]
		case unicode.IsPrint(r):
			u.typed = utf8.AppendRune(u.typed, r)
		}
	}
}

// printableASCII returns how many bytes p starts with that are printable
// ASCII (a space to a tilde: what unicode.IsPrint takes below 0x80).
func printableASCII(p []byte) int {
	for i, c := range p {
		if c < 0x20 || c > 0x7e {
			return i
		}
	}
	return len(p)
}

func (u *unansweredSignal) vote(f *facts, now time.Time) vote {
	v := f.view
	if !u.pending || u.worked || v == nil || len(v.rows) != len(u.rows) || now.Sub(u.at) >= tune.UnansweredHold {
		return vote{}
	}
	if u.look.released(u.at) {
		return vote{} // no answer on its way from elsewhere
	}
	quiet := now.Sub(f.lastChange)
	// bound is when the hold ends: still for window since the last change,
	// and never past tune.UnansweredHold after the Enter.
	bound := func(window time.Duration) time.Time {
		b := f.lastChange.Add(window)
		if h := u.at.Add(tune.UnansweredHold); h.Before(b) {
			b = h
		}
		return b
	}
	if quiet >= f.prof.Silence.D() {
		// The silence window is over: only the message drawn in a
		// transcript still holds, for tune.EchoSilence.
		if row, ok := u.echoed(f, v); ok && quiet < tune.EchoSilence {
			return hold(SignalInput, "the line submitted is drawn at row %d with nothing after it down to the input box, %v after the Enter; still for %v, the agent has not answered",
				row, roundMS(now.Sub(u.at)), roundMS(quiet)).later(bound(tune.EchoSilence))
		}
		return vote{}
	}
	if row, ok := u.taken(f, v); ok {
		return hold(SignalInput, "the line submitted was taken from row %d and nothing else drawn since the Enter, %v ago",
			row, roundMS(now.Sub(u.at))).later(bound(f.prof.Silence.D()))
	}
	if row, ok := u.echoed(f, v); ok {
		return hold(SignalInput, "the line submitted is drawn at row %d with nothing after it down to the input box, %v after the Enter",
			row, roundMS(now.Sub(u.at))).later(bound(max(f.prof.Silence.D(), tune.EchoSilence)))
	}
	return vote{}
}

// taken reports whether only the input line changed since the Enter, its
// typed text cut off or replaced by dim text, the cursor on it.
func (u *unansweredSignal) taken(f *facts, v *view) (int, bool) {
	row := 0
	for i := range v.rows {
		if v.rows[i] == u.rows[i] {
			continue
		}
		if i+1 != u.cursor.Row && (v.rows[i] == "" || dimFrom(v.snap, i+1, 1)) {
			continue // a hint put back with the placeholder (Gemini's "? for shortcuts"), or erased
		}
		if row != 0 {
			return 0, false
		}
		row = i + 1
	}
	if c, _, ok := v.inputCursor(f.prof.Cursor.Hidden); row == 0 || row != u.cursor.Row || !ok || c.Row != row {
		return 0, false
	}
	old, cur := u.rows[row-1], v.rows[row-1]
	cut := commonPrefix(old, cur)
	lead := strings.TrimRight(cur[:cut], " ")
	if lead == "" || !strings.Contains(strings.TrimSpace(old[cut:]), lastRunes(u.sent, 3)) {
		return 0, false // the text typed is not what left the line
	}
	if !atPrompt(lead) && !endsAtEdge(lead) {
		return 0, false
	}
	if rest := strings.TrimSpace(cur[cut:]); rest != "" && !dimFrom(v.snap, row, utf8.RuneCountInString(cur[:cut])+1) {
		return 0, false // something else written over it: an answer
	}
	return row, true
}

// echoed reports whether the line sent is drawn on a row that did not hold
// it, with nothing but blank rows and edges between it and the input line
// in a box, which holds nothing typed.
func (u *unansweredSignal) echoed(f *facts, v *view) (int, bool) {
	c, before, ok := v.inputCursor(f.prof.Cursor.Hidden)
	if !ok || c.Row < 3 || strings.Trim(before, edgeRunes+" ") != "" && !atPromptOnly(before) {
		return 0, false
	}
	if !startsAtEdge(v.row(c.Row)) && !inBox(v.snap, c) {
		return 0, false
	}
	between := 0
	for r := c.Row - 1; r >= 1; r-- {
		t := v.row(r)
		if strings.Trim(t, edgeRunes+ruleLine+ruleCorners+" ") == "" {
			between++
			continue
		}
		if between == 0 || !isEcho(t, u.sent) || u.rows[r-1] == t {
			return 0, false
		}
		for o := range v.rows {
			if o+1 != r && isEcho(v.rows[o], u.sent) {
				return 0, false // drawn twice: an answer that repeats it
			}
		}
		return r, true
	}
	return 0, false
}

// edgeRunes are the vertical edges of a box or a message's gutter.
const edgeRunes = "│┃║|▌▐╹╻"

// endsAtEdge reports whether s, trimmed, ends with a box's vertical edge.
func endsAtEdge(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(s, " "))
	return r != utf8.RuneError && strings.ContainsRune(edgeRunes, r)
}

// startsAtEdge reports whether s, trimmed, starts with a box's vertical edge.
func startsAtEdge(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, " "))
	return r != utf8.RuneError && strings.ContainsRune(edgeRunes, r)
}

// atPromptOnly reports whether s is a prompt glyph and nothing typed after
// it ("│ >", "❯").
func atPromptOnly(s string) bool {
	t := strings.Trim(s, edgeRunes+" ")
	return utf8.RuneCountInString(t) == 1 && atPrompt(t)
}

// isEcho reports whether row t shows the line sent, after a gutter of at
// most gutterRunes marks (an edge, a prompt glyph, a bullet): all of it,
// or the end of it wrapped (at least 8 characters).
func isEcho(t, sent string) bool {
	body := strings.TrimSpace(t)
	for i := 0; i < gutterRunes; i++ {
		r, n := utf8.DecodeRuneInString(body)
		if n == 0 || unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		if strings.HasPrefix(sent, body) {
			break // the line sent starts with a mark of its own
		}
		body = strings.TrimLeft(body[n:], " ")
	}
	return body == sent || utf8.RuneCountInString(body) >= 8 && strings.HasSuffix(sent, body)
}

// gutterRunes is how many marks may stand before an echo.
const gutterRunes = 3

// lastRunes returns the last n runes of s.
func lastRunes(s string, n int) string {
	k := utf8.RuneCountInString(s)
	for i := range s {
		if k <= n {
			return s[i:]
		}
		k--
	}
	return ""
}

// commonPrefix returns the length in bytes of the longest common prefix of
// a and b that ends on a rune boundary.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	for n > 0 && n < len(a) && !utf8.RuneStart(a[n]) {
		n--
	}
	return n
}

// dimFrom reports whether the text of row r from column col on is drawn
// dim: faint, or in a grey darker than the default foreground (a
// placeholder's style).
func dimFrom(s screen.Snapshot, r, col int) bool {
	cols, _ := s.Size()
	seen := false
	for c := col; c <= cols; c++ {
		cell := s.Cell(r, c)
		if strings.TrimSpace(cell.Content) == "" {
			continue
		}
		seen = true
		if !cell.Faint && !greyFg(cell) {
			return false
		}
	}
	return seen
}

// greyFg reports whether a cell's foreground is a mid grey: no hue, neither
// near white nor near black.
func greyFg(c screen.Cell) bool {
	if c.Fg == nil {
		return false
	}
	r, g, b, _ := c.Fg.RGBA()
	r, g, b = r>>8, g>>8, b>>8
	hi, lo := max(r, g, b), min(r, g, b)
	return hi-lo <= 16 && hi >= 64 && hi <= 176
}
