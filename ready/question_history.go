package ready

import (
	"strings"

	"github.com/ttyrig/ttyrig/screen"
)

// A question already answered can stay on the main screen above the input
// box drawn after it: Gemini CLI, trusted a folder, prints "restarting to
// apply the trust changes", and the relaunched process draws its input box
// below the old dialog, which nothing erases. The question read off such a
// screen is history. A live question is never drawn above an input box
// that holds the cursor: the agents replace their input box by the
// question (Claude, Codex, Gemini's approval) or put the cursor on its
// options (Claude's "❯ 1. Yes"), and a library's typed answer is asked on
// the cursor's row. So a question whose options all lie above the row of
// an input box (inputbox.go) that holds the cursor, the terminal's (hidden
// or not) or the one the program draws, with none of them on that row or below, is
// no question.

// answerBox returns the row of the input box that holds the cursor answers
// go to: the terminal's, hidden or not (a profile's Cursor.Hidden: Gemini
// leaves its hidden cursor in its box), or the one the program draws, after
// a prompt glyph (" > ", "❯ "): a row of buttons framed by a window's rules
// (dialog's "<  OK  >") holds no input line. ok is false when neither
// sits in an input box.
func answerBox(v *view) (row int, ok bool) {
	for _, p := range []screen.Position{v.cursor, v.drawn} {
		if p.Row >= 3 && inBox(v.snap, p) && promptPrefix.MatchString(leftOf(v.snap, p)) {
			return p.Row, true
		}
	}
	return 0, false
}

// historyQuestion reports whether p, found on v, is a question left above
// the input box that now holds the answer cursor.
func historyQuestion(v *view, p *Prompt) bool {
	if p == nil || len(p.Options) == 0 {
		return false
	}
	row, ok := answerBox(v)
	if !ok {
		return false
	}
	top := row - 1 // the box's upper rule
	for _, o := range p.Options {
		o = strings.TrimSpace(o)
		if o == "" {
			return false
		}
		above := false
		for r := 1; r <= len(v.rows); r++ {
			if !strings.Contains(v.row(r), o) {
				continue
			}
			if r >= top {
				return false // drawn at the box or below it: maybe live
			}
			above = true
		}
		if !above {
			return false
		}
	}
	return true
}
