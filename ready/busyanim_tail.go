package ready

import "regexp"

// statusTail: a status word that ends its row rather than leads it, a
// gerund right before an ellipsis and nothing after it (visidata's status
// row, "… sort-desc 0 rows  [M] •0   94% sorting… "; issue 20, round 9).
// A full-screen program's status row often says what it does at its right
// end, after the name of the command that started it. The gerund must
// touch the ellipsis: "Open recording… (Ctrl-O)" or a word before other
// text is no status.
var statusTail = regexp.MustCompile(`(?:^|[\s\d%:])(\p{L}{3,}ing)(?:…|\.\.\.)\s*$`)

// endsInStatusWord reports whether text ends in a status word (statusTail),
// its word a verb.
func endsInStatusWord(mm *matchMemo, text string) bool {
	m := mm.find(statusTail, text)
	return m != nil && isGerund(m[1])
}

// tickingStatus says whether a frame whose only change is digits (kind
// "progress" by the two frames) is a status word's row ticking: a counter
// or percentage beside "sorting…" is the same work going on, and the row
// stays the status word it was (on the alternate screen, progress alone
// counts for nothing: a monitor's readings).
func tickingStatus(mm *matchMemo, kind, text string) bool {
	return kind == "progress" && endsInStatusWord(mm, text)
}

// standingTail says whether a row that changed from old to text, more than
// its digits, only kept a status word that ends it and was there already:
// the program drew something new into its status row (a prompt, a
// message) beside work it had announced before, and what it drew answers
// the input, not the work (visidata's "save to: …" beside "96% sorting…").
// Such a frame is no busy sign; a status word that leads its row is left
// to statusWord.
func standingTail(mm *matchMemo, old, text string) bool {
	if !endsInStatusWord(mm, old) || !endsInStatusWord(mm, text) || mm.matches(statusWord, text) {
		return false
	}
	return mm.find(statusTail, old)[0] == mm.find(statusTail, text)[0]
}

// movedOnFrom reports whether a status word that ends row r, last drawn at
// at, was left behind: a row other than r (not a clock) changed well
// after it. A program that draws a window or a prompt elsewhere while its
// status row still says "reading…" is asking, whatever the row says
// (drawnBelow is the same rule for a status that leads its row, where
// rows above it are the program's frame).
func movedOnFrom(f *facts, r int, br *busyRow) bool {
	if br.kind != "status word" || !endsInStatusWord(&f.memo, br.text) || f.memo.matches(statusWord, br.text) {
		return false
	}
	for i := range f.rows.at {
		if i+1 != r && f.rows.at[i].Sub(br.at) > f.prof.Quiet.D() && !f.clock.rows[i+1] {
			return true
		}
	}
	return false
}

// tailAnswersInput says whether a status word ending its row, drawn with a
// refresh of the whole screen, came in answer to the input: the refresh
// began after the last input. A monitor's refresh (top's, htop's) repaints
// what it read on a period; a refresh that follows a key and ends its
// status row in "sorting…" is the program saying it works on that key
// (visidata's first frame after "]": under load its first tick came
// 437 ms later, and the kernel's hold had let go at 400 ms).
func tailAnswersInput(f *facts, b *busyAnims, kind, text string) bool {
	return kind == "status word" && !f.inputAt.IsZero() && !b.refreshAt.Before(f.inputAt) &&
		endsInStatusWord(&f.memo, text) && !f.memo.matches(statusWord, text)
}
