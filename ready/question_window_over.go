package ready

import (
	"strings"
)

// A window drawn over other text: its rows hold what is behind it left and
// right of its sides, so the shapes that read a window's rows whole
// (boxedRow: a row starting and ending with a side) do not see it.
// visidata's confirm window over its sheet ("work/data.csv already
// exists. overwrite?" over "yes   no", the sheet's rows either side;
// live, corpus round 10) is read whole on a blank screen and not at all
// over the sheet. This reads the window from its corners (windowEdge) and
// its last row of labels as question_buttons.go reads a window's
// (docs/CORPUS.md, "Round 10: questions"). A table's column separators
// are no window: they close in no corners.

func init() {
	registerShape(questionShape{name: "buttons in a window over other text", rank: shapeBox + 7, find: windowOverButtons, labelOnly: true})
}

// windowOverButtons finds such a window, the terminal's cursor hidden, and
// the row of labels that ends it.
func windowOverButtons(v *view, _ string) *Prompt {
	if v.snap.CursorVisible() {
		return nil
	}
	_, rows := v.snap.Size()
	corner := false
	for r := 1; r <= rows && !corner; r++ {
		corner = strings.ContainsAny(v.row(r), "┌╭╔┏")
	}
	if !corner {
		return nil // the common case, from the text alone: no window's corner
	}
	for r := rows; r >= 1; r-- {
		row := v.row(r)
		if boxedRow(row) || strings.Count(row, "│")+strings.Count(row, "┃")+strings.Count(row, "║") < 2 {
			continue // a whole row in a window is the other shapes'
		}
		if p := overButtonsOn(v, r); p != nil {
			return p
		}
	}
	return nil
}

// overButtonsOn reads row r's labels between two sides of a window that
// closes above and below them.
func overButtonsOn(v *view, r int) *Prompt {
	text, bg := v.memo.gridRowOf(v.snap, r)
	for left := 1; left < len(text)-1; left++ {
		if !vBorder(text[left]) {
			continue
		}
		right := left + 1
		for right < len(text)-1 && !vBorder(text[right]) {
			right++
		}
		if right >= len(text)-1 {
			return nil
		}
		if strings.TrimSpace(string(text[left+1:right])) == "" {
			continue
		}
		top, bottom := windowEdge(v, r, left, right, -1), windowEdge(v, r, left, right, +1)
		if top == 0 || bottom == 0 {
			continue
		}
		if p := segmentButtons(v, r, left, right, top, bottom, text, bg); p != nil {
			return p
		}
	}
	return nil
}

// segmentButtons reads the labels of row r between the window's sides at
// columns left and right, the window's top and bottom at rows top and
// bottom: the last text in the window, under the question they answer.
func segmentButtons(v *view, r, left, right, top, bottom int, text []rune, bg []string) *Prompt {
	for k := r + 1; k < bottom; k++ {
		t, _ := v.memo.gridRowOf(v.snap, k)
		if strings.TrimSpace(string(t[left+1:right])) != "" {
			return nil // not the window's last text
		}
	}
	// The segment as a row of its own: rowLabels reads between sides.
	seg := append([]rune{' '}, text[left:right+1]...)
	seg = append(seg, ' ')
	segBg := append([]string{""}, bg[left:right+1]...)
	segBg = append(segBg, "")
	labels, gap := rowLabels(seg, segBg)
	if len(labels) < 2 || len(labels) > 4 {
		return nil
	}
	for i := range labels {
		labels[i].col += left - 1 // the screen's columns
	}
	q := ""
	for k := r - 1; k > top && q == ""; k-- {
		t, _ := v.memo.gridRowOf(v.snap, k)
		q = strings.Trim(string(t[left+1:right]), boxBorders)
	}
	if q == "" {
		return nil
	}
	return buttonsPrompt(v, r, labels, gap, q, true)
}
