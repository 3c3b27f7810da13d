package ready

import (
	"regexp"
	"strings"
)

// besideAnimation reports whether every row the program changed since the
// screen last changed otherwise (facts.lastSolid: repeat frames of a
// region already seen animating left out) is a spinner's: what else is on
// screen, a question among it, has stood still since then. An agent may
// keep its spinner turning while its approval dialog waits for the answer
// (pi spins "Working..." above it for as long as it waits; the question's
// quiet window never came).
func (f *facts) besideAnimation() bool {
	moved := false
	for i, t := range f.rows.at {
		if !t.After(f.lastSolid) {
			continue
		}
		br := f.busyAnim.rows[i+1]
		if br == nil || br.kind != "spinner" {
			return false
		}
		moved = true
	}
	return moved
}

// permitAnywhere is permitRe without its word boundaries: it matches a
// row that holds any text permitRe matches, whole or in part (a zero-width
// assertion left out only widens what a pattern matches).
var permitAnywhere = regexp.MustCompile(strings.ReplaceAll(permitRe.String(), `\b`, ""))

// mayAskPermission reports whether v may hold a permission question: a
// row that permitRe could match a part of. Every shape names a question
// a permission by permitRe on its text, and that text is a part of one
// row (a row's text trimmed, or cut at a column), so a screen without
// such a row holds none, and the question signal need not search a
// spinner's every frame for one (besideAnimation). Looked for once per
// view, from the rows' answers (rowanswers.go).
func (v *view) mayAskPermission() bool {
	if v.permitSeen == 0 {
		v.permitSeen = 1
		for r := 1; r <= len(v.rows); r++ {
			if v.rowMatches(permitAnywhere, r) {
				v.permitSeen = 2
				break
			}
		}
	}
	return v.permitSeen == 2
}
