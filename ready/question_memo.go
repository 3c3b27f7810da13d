package ready

import "github.com/ttyrig/ttyrig/screen"

// questionMemo remembers the question found on the last few screens
// searched: a screen shown again (a blink's two phases, a title or mode
// change over the same cells, a repaint of the same frame) is not searched
// again. The shapes read the view only (its snapshot's cells, size,
// cursor and its visibility, the alternate screen, the cursor the program
// draws), so the same of those gives the same question: the key is those,
// the cells compared exactly (screen.Snapshot.IdenticalRow).
type questionMemo struct {
	seen [questionMemoKept]questionSeen
	next int // the entry to overwrite next
}

// questionMemoKept: a blink or a spinner alternates between a few screens.
const questionMemoKept = 4

type questionSeen struct {
	ok        bool // the entry holds a search
	snap      screen.Snapshot
	cursor    screen.Position
	drawn     screen.Position
	found     *Prompt
	labelOnly bool
}

// lookup returns what findQuestion found on a view showing what v shows.
func (qm *questionMemo) lookup(v *view) (p *Prompt, labelOnly, ok bool) {
	for i := range qm.seen {
		e := &qm.seen[i]
		if e.ok && e.shows(v) {
			return clonePrompt(e.found), e.labelOnly, true
		}
	}
	return nil, false, false
}

// keep notes what findQuestion found on v.
func (qm *questionMemo) keep(v *view, p *Prompt, labelOnly bool) {
	qm.seen[qm.next] = questionSeen{ok: true, snap: v.snap, cursor: v.cursor, drawn: v.drawn, found: clonePrompt(p), labelOnly: labelOnly}
	qm.next = (qm.next + 1) % questionMemoKept
}

// shows reports whether v shows what e was searched on: everything a
// shape reads.
func (e *questionSeen) shows(v *view) bool {
	cols, rows := v.snap.Size()
	if c, r := e.snap.Size(); c != cols || r != rows || e.cursor != v.cursor || e.drawn != v.drawn ||
		e.snap.CursorVisible() != v.snap.CursorVisible() || e.snap.AltScreen() != v.snap.AltScreen() {
		return false
	}
	for r := 1; r <= rows; r++ {
		if !v.snap.IdenticalRow(e.snap, r) {
			return false
		}
	}
	return true
}

// clonePrompt copies p: the engine names a found question after a
// profile's marker in place (view.prompt).
func clonePrompt(p *Prompt) *Prompt {
	if p == nil {
		return nil
	}
	c := *p
	if p.Options != nil {
		c.Options = append(make([]string, 0, len(p.Options)), p.Options...)
	}
	return &c
}
