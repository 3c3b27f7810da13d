package ready

import (
	"strings"
)

// Suggestions under the line typed on: an autocomplete lists its matches
// under the question, the terminal's cursor on the question's line where
// the filter is typed, the current match in a colour the others lack and
// no glyph (enquirer's AutoComplete, "? Release channel …" over "latest"
// in cyan, "next", "beta", corpus/testdata/enquirer-more.cast).

func init() {
	registerShape(questionShape{name: "autocomplete", rank: shapeInput - 10, find: autocompleteList})
}

// autocompleteList finds the rows right under a prompt library's question
// line the cursor is on, one drawn apart.
func autocompleteList(v *view, _ string) *Prompt {
	if !v.snap.CursorVisible() || v.cursor.Row < 1 || v.cursor.Row >= len(v.rows) {
		return nil
	}
	m := v.find(askGlyphRe, v.row(v.cursor.Row))
	if m == nil {
		return nil
	}
	p := &Prompt{Kind: PromptSelect, Text: m[1]}
	var styles []string
	for r := v.cursor.Row + 1; r <= v.bottom && len(p.Options) < 30; r++ {
		t := v.row(r)
		if strings.TrimSpace(t) == "" || strings.HasPrefix(t, " ") {
			break
		}
		p.Options = append(p.Options, strings.TrimSpace(t))
		styles = append(styles, cellStyle(v.snap.Cell(r, 1)))
	}
	if len(p.Options) < 2 {
		return nil
	}
	if p.Default = oneApart(styles); p.Default < 0 {
		return nil
	}
	return p
}
