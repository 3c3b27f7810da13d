package ready

import (
	"slices"

	"github.com/ttyrig/ttyrig/screen"
)

// Questions kept per screen. A program that waits redraws a few screens
// over and over: a spinner's frames beside a dialog, a cursor blinking in
// a box, a status line toggling. The question signal searches every view
// that stands still for the quiet window, and every frame of an animation
// beside a still screen (signal_question.go); 15 % of the searches over
// the recordings found a screen that one of the last 16 searched showed
// exactly. The engine keeps what the last recentKept searches found, with
// the views they were made on, and answers a search of a screen that one
// of them shows exactly from there.
//
// Exact by construction: findQuestion reads a view's rows (text, cells
// and styles), its size, its cursor and whether it shows, the alternate
// screen, the title, and the cursor the program draws, all compared here
// (sameSearch), and nothing else. TestQuestionMemoChangesNoDecision
// replays every recording with and without it.

// recentKept is how many searches are kept.
const recentKept = 16

// recentQuestions is the engine's last searches, oldest overwritten first.
type recentQuestions struct {
	off  bool // keep none (a test's WithoutQuestionMemo)
	next int
	kept [recentKept]searched
}

// searched is what findQuestion found on a view (nil for no question),
// with what the search read of the view, copied: a view may be updated in
// place after it was searched (view.freeze). The prompt is the memo's own,
// handed out as copies: view.prompt names it after a marker in place.
type searched struct {
	in        searchedView
	p         *Prompt
	labelOnly bool
}

// searchedView is what a question search reads of a view besides its
// snapshot's cells: the rest follows from them.
type searchedView struct {
	snap                screen.Snapshot // a value: its rows are never changed, only replaced
	rows, bottom        int
	cursor, drawn       screen.Position
	before, drawnBefore string
}

func searchedOf(v *view) searchedView {
	return searchedView{snap: v.snap, rows: len(v.rows), bottom: v.bottom, cursor: v.cursor, drawn: v.drawn,
		before: v.before, drawnBefore: v.drawnBefore}
}

// question returns findQuestion(v), from a search of a screen v shows
// exactly if one is kept.
func (mm *matchMemo) question(v *view) (*Prompt, bool) {
	if mm == nil || mm.recent.off {
		return findQuestion(v)
	}
	rq := &mm.recent
	in := searchedOf(v)
	for i := range rq.kept {
		if s := &rq.kept[i]; s.in.rows > 0 && sameSearch(&s.in, &in) {
			return copyPrompt(s.p), s.labelOnly
		}
	}
	p, labelOnly := findQuestion(v)
	rq.kept[rq.next] = searched{in: in, p: copyPrompt(p), labelOnly: labelOnly}
	rq.next = (rq.next + 1) % recentKept
	return p, labelOnly
}

// sameSearch reports whether a question search reads the same on a and b:
// the same size, rows (screen.Snapshot.SameRow: text, cells and styles),
// cursor and its visibility, screen buffer, title and drawn cursor.
func sameSearch(a, b *searchedView) bool {
	ac, _ := a.snap.Size()
	bc, _ := b.snap.Size()
	if ac != bc || a.rows != b.rows || a.cursor != b.cursor || a.bottom != b.bottom ||
		a.snap.CursorVisible() != b.snap.CursorVisible() || a.snap.AltScreen() != b.snap.AltScreen() ||
		a.drawn != b.drawn || a.before != b.before || a.drawnBefore != b.drawnBefore ||
		a.snap.Title() != b.snap.Title() {
		return false
	}
	for r := 1; r <= a.rows; r++ {
		if !a.snap.SameRow(b.snap, r) {
			return false
		}
	}
	return true
}

// copyPrompt returns a copy of p that shares nothing it may change.
func copyPrompt(p *Prompt) *Prompt {
	if p == nil {
		return nil
	}
	c := *p
	c.Options = slices.Clone(p.Options)
	return &c
}
