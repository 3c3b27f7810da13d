package ready

import (
	"regexp"
	"strings"
)

// A question at the cursor whose answers are quoted in a hint row under
// it, as cfdisk asks before it writes (corpus round 11, set E): "Are you
// sure you want to write the partition table to disk? " with the cursor
// after it, and three rows down `Type "yes" or "no", or press ESC to leave
// this dialog.` The answers are words typed in full, so the hint quotes
// them: two or more words in double or single quotes joined by "or", "/"
// or commas. The question is the text left of the cursor and ends with
// "?"; the hint is on one of the rows just under it or on the last row.
// Label only: the other signals say whether the program waits.
var (
	quotedAnswersRe = regexp.MustCompile(`["'“‘](\p{L}+)["'”’](?:\s*,\s*|\s*/\s*|\s+or\s+)["'“‘](\p{L}+)["'”’]`)
	questionAtRe    = regexp.MustCompile(`^(.*\S\?)$`)
)

// hintRows is how far under the question its hint is looked for.
const hintRows = 4

func init() {
	registerShape(questionShape{name: "answers quoted in a hint", rank: shapeInline + 10, find: quotedAnswersQuestion, labelOnly: true})
}

func quotedAnswersQuestion(v *view, line string) *Prompt {
	if !v.snap.CursorVisible() || !strings.HasSuffix(line, "?") {
		return nil
	}
	q := v.find(questionAtRe, line)
	if q == nil {
		return nil
	}
	rows := []int{}
	for r := v.cursor.Row + 1; r <= min(v.bottom, v.cursor.Row+hintRows); r++ {
		rows = append(rows, r)
	}
	if v.bottom > v.cursor.Row+hintRows {
		rows = append(rows, v.bottom)
	}
	for _, r := range rows {
		m := v.find(quotedAnswersRe, v.row(r))
		if m == nil {
			continue
		}
		text := strings.TrimSpace(v.remove(leadGlyphRe, q[1]))
		p := &Prompt{Kind: PromptSelect, Text: text, Options: []string{m[1], m[2]}, Default: -1}
		if strings.EqualFold(m[1], "yes") && strings.EqualFold(m[2], "no") || strings.EqualFold(m[1], "y") && strings.EqualFold(m[2], "n") {
			p.Kind = PromptYesNo
		}
		return p
	}
	return nil
}
