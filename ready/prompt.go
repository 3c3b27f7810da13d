package ready

import (
	"regexp"
	"strconv"
	"strings"
)

// Question patterns: the common ways programs ask something, found at the
// bottom of the screen, with the choices parsed. They are deliberately
// narrow (anchored to the cursor line, or a list with a selection marker)
// because a numbered list in ordinary output must not read as a question.

var (
	yesNoRe = regexp.MustCompile(`(?i)^(.*?)\s*[\[(]\s*(y|yes)\s*/\s*(n|no)\s*[\])]\s*[:?]?$`)
	passRe  = regexp.MustCompile(`(?i)\b(password|passphrase|passcode|pin)\b[^:]{0,40}:$`)
	enterRe = regexp.MustCompile(`(?i)^[^\p{L}\p{N}]*(press|hit)\s+(enter|return|any key)\b(\s+to\s+\p{L}+(\s+\p{L}+){0,3})?\s*[.…!]*$`)
	// "? Pick a color ›", "? Pick a color › - Use arrow-keys", "? Name (Use arrow keys)",
	// enquirer's "? Your name ‣".
	chevronRe = regexp.MustCompile(`^\s*\?\s+(.+?)\s*(?:[›❯▸▶»‣](?:\s.*)?|\((?i:use arrow keys|press <space>)[^)]*\))$`)
	// "❯ 1. Yes", "  2) No", "│ 3. No, and tell Claude │".
	numberedRe = regexp.MustCompile(`^[\s│┃|]*(?:([❯›>▸▶●◉→])\s*)?(\d{1,2})[.)]\s+(.+?)[\s│┃|]*$`)
	// a list item under a chevron prompt: "❯   red", "  ◯ blue", "(*) green".
	listItemRe = regexp.MustCompile(`^[\s│┃|]*(?:([❯›>▸▶●◉→])|\s)\s*(?:[◯○◉●◻◼☐☑✔]\s+|\([ *x]\)\s+|\[[ *x]\]\s+)?(\S.*?)[\s│┃|]*$`)
	// choiceRe: what asks for a number of a list above: "Enter choice:",
	// bash's select "#? " (its default PS3, corpus/testdata/shell-questions.cast).
	choiceRe    = regexp.MustCompile(`(?i)(choice|choose|select|option|number|\[\d+\s*-\s*\d+\])[^:>?]*[:>?]$|^#\?$`)
	permitRe    = regexp.MustCompile(`(?i)\b(allow|permission|proceed|trust|approve|run|execute|make this edit)\b`)
	boxTrimmers = " │┃|╭╮╰╯─"
	labelRe     = regexp.MustCompile(`^\pL[\pL ]{0,20}: `) // "Reason: …", "Environment: …"
	// leadGlyphRe: the glyph a prompt library leads its question with
	// ("? ", promptui's "✔ " once the answer so far is valid).
	leadGlyphRe = regexp.MustCompile(`^\s*[?◆◇▲◈✔✖■●]\s+`)
)

// findPrompt looks for a question on v: the shapes in their order, the
// first found wins. It returns nil when there is none.
func findPrompt(v *view) *Prompt {
	p, _ := findQuestion(v)
	return p
}

// findQuestion is findPrompt, and says whether the shape that found the
// question only labels it (questionShape.labelOnly).
func findQuestion(v *view) (*Prompt, bool) {
	line := v.before // what is left of the cursor, where typed answers go
	if v.cursor.Row < 1 || v.cursor.Row > len(v.rows) {
		line = ""
	}
	if !v.snap.CursorVisible() && v.drawn.Row > 0 {
		// The cursor the program draws is where its answers go (promptui's
		// "? Tail the logs? [y/N] █", the terminal's parked a row below).
		line = v.drawnBefore
	}
	for _, s := range questionShapes {
		if p := s.find(v, line); p != nil && !historyQuestion(v, p) {
			return p, s.labelOnly
		}
	}
	return nil, false
}

// questionShape is one way programs ask, a part of findPrompt: its name,
// its place in the order, and how it is found on a view, given the text
// left of the cursor where answers are typed. A new shape is a new part
// registered with its rank, not a branch in findPrompt: where two shapes
// could read one screen, the narrower ranks first.
type questionShape struct {
	name string
	rank int
	find func(v *view, line string) *Prompt
	// labelOnly: the shape names the question when the program is found
	// waiting by the other signals, and does not decide that it waits. A
	// widget toolkit's list stays drawn, its item highlighted, while the
	// program works on the choice (corpus/testdata/tview-status.cast).
	labelOnly bool
}

// questionShapes are the registered shapes, lowest rank first.
var questionShapes []questionShape

// registerShape adds s to the shapes in its rank's place.
func registerShape(s questionShape) {
	i := 0
	for i < len(questionShapes) && questionShapes[i].rank <= s.rank {
		i++
	}
	questionShapes = append(questionShapes[:i], append([]questionShape{s}, questionShapes[i:]...)...)
}

// The ranks of the shapes. Gaps leave room for new ones.
const (
	shapeYesNo    = 100 // "[y/N]" or a password on the answer line
	shapeKeys     = 200 // git's "[y,n,q]?", nano's key bar
	shapeInline   = 300 // choices named on the answer line
	shapeToggle   = 400 // two options on one line, one active
	shapeChevron  = 500 // "? question ›" and the list under it
	shapeNumbered = 600 // "1. Yes" … with one marked
	shapeSelect   = 700 // a list under a question line, one item marked
	shapeBox      = 800 // a list or buttons in a curses window, set apart by colour
	shapeBar      = 900 // a list whose current item has a bar at its left
	shapeInput    = 1000
	shapeEnter    = 1100 // "press enter to continue"
)

func init() {
	for _, s := range []questionShape{
		{"yes/no or password", shapeYesNo, yesNoOrPassword, false},
		{"keys", shapeKeys, func(v *view, _ string) *Prompt { return keysPrompt(v) }, false},
		{"inline choices", shapeInline, inlineChoices, false},
		{"toggle", shapeToggle, func(v *view, _ string) *Prompt { return togglePrompt(v) }, false},
		{"chevron", shapeChevron, func(v *view, _ string) *Prompt { return chevronPrompt(v) }, false},
		{"numbered", shapeNumbered, func(v *view, _ string) *Prompt { return numberedPrompt(v) }, false},
		{"select", shapeSelect, func(v *view, _ string) *Prompt { return selectPrompt(v) }, false},
		{"box", shapeBox, func(v *view, _ string) *Prompt { return boxQuestion(v) }, false},
		{"bar list", shapeBar, func(v *view, _ string) *Prompt { return barList(v) }, false},
		{"input", shapeInput, func(v *view, _ string) *Prompt { return inputPrompt(v) }, false},
		{"press enter", shapeEnter, pressEnter, false},
	} {
		registerShape(s)
	}
}

// yesNoOrPassword finds "[y/N]" or a password's label on the answer line,
// else on the last row.
func yesNoOrPassword(v *view, line string) *Prompt {
	for _, l := range []string{line, strings.TrimSpace(v.row(v.bottom))} {
		if l == "" {
			continue
		}
		if m := v.find(yesNoRe, l); m != nil {
			return yesNo(m)
		}
		if v.matches(passRe, l) || strings.HasSuffix(l, ":") && v.matches(secretRe, l) {
			return &Prompt{Kind: PromptPassword, Text: strings.TrimSpace(v.remove(leadGlyphRe, l)), Default: -1}
		}
	}
	return nil
}

// pressEnter finds "press enter to continue" on the answer line or the
// last row.
func pressEnter(v *view, line string) *Prompt {
	for _, l := range []string{line, strings.TrimSpace(v.row(v.bottom))} {
		if l != "" && v.matches(enterRe, l) {
			return &Prompt{Kind: PromptPressEnter, Text: strings.TrimSpace(l), Default: -1}
		}
	}
	return nil
}

func yesNo(m []string) *Prompt {
	// The question without the "? " a prompt library leads it with
	// (@inquirer/prompts confirm: "? Install dependencies? (Y/n)").
	p := &Prompt{Kind: PromptYesNo, Text: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(m[1]), "? ")), Options: []string{m[2], m[3]}, Default: -1}
	if p.Text == "" {
		p.Text = strings.TrimSpace(m[0])
	}
	switch {
	case m[2] == strings.ToUpper(m[2]) && m[3] != strings.ToUpper(m[3]):
		p.Default = 0
	case m[3] == strings.ToUpper(m[3]) && m[2] != strings.ToUpper(m[2]):
		p.Default = 1
	}
	return p
}

// searchRows is how far above the bottom of the screen questions are looked
// for.
const searchRows = 20

// questionRows is how far above a list of options its question is looked
// for.
const questionRows = 10

// chevronPrompt finds the last "? question ›" line near the bottom and the
// list of choices under it, if any.
func chevronPrompt(v *view) *Prompt {
	for r := v.bottom; r >= max(1, v.bottom-searchRows); r-- {
		m := v.find(chevronRe, v.row(r))
		if m == nil {
			continue
		}
		p := &Prompt{Kind: PromptChevron, Text: strings.TrimSpace(m[1]), Default: -1}
		for i := r + 1; i <= v.bottom && len(p.Options) < 30; i++ {
			text := v.row(i)
			if strings.TrimSpace(text) == "" {
				break
			}
			it := v.find(listItemRe, text)
			if it == nil {
				break
			}
			if it[1] != "" {
				p.Default = len(p.Options)
			}
			p.Options = append(p.Options, strings.TrimSpace(it[2]))
		}
		if p.Default < 0 && len(p.Options) > 0 {
			// Lines under a chevron without a highlighted one are hints or
			// validation messages, not choices.
			p.Options = nil
		}
		return p
	}
	return nil
}

// numberedPrompt finds a run of numbered options 1..n near the bottom with
// one of them highlighted (or followed by a "choice:" prompt), and the
// question above it.
func numberedPrompt(v *view) *Prompt {
	type item struct {
		row  int
		sel  bool
		text string
	}
	var best []item
	var run []item
	// A program may park its cursor far below its menu (Codex's sign-in
	// menu): search up from the last row that holds text.
	bottom := v.bottom
	for bottom > 1 && strings.TrimSpace(v.row(bottom)) == "" {
		bottom--
	}
	flush := func() {
		if len(run) >= 2 {
			best = append(best[:0], run...)
		}
		run = run[:0]
	}
	nextOption := func(r, n int) bool { // is option n on row r?
		m := v.find(numberedRe, v.row(r))
		return m != nil && m[2] == strconv.Itoa(n)
	}
	for r := max(1, bottom-searchRows); r <= bottom; r++ {
		m := v.find(numberedRe, v.row(r))
		if m == nil {
			// A line of description, and a blank line after it, may sit
			// between two options.
			if len(run) > 0 && (nextOption(r+1, len(run)+1) || strings.TrimSpace(v.row(r)) != "" && nextOption(r+2, len(run)+1)) {
				continue
			}
			flush()
			continue
		}
		n, _ := strconv.Atoi(m[2])
		if n != len(run)+1 {
			flush()
			if n != 1 {
				continue
			}
		}
		run = append(run, item{row: r, sel: m[1] != "", text: strings.TrimSpace(m[3])})
	}
	flush()
	if len(best) < 2 {
		return nil
	}
	end := best[len(best)-1].row
	p := &Prompt{Kind: PromptOptions, Default: -1}
	selected := 0
	for i, it := range best {
		p.Options = append(p.Options, it.text)
		if it.sel {
			selected++
			p.Default = i
		}
	}
	// What follows the list: footers and hints, or a "choice:" prompt. A
	// normal prompt below it means the list was output, already answered.
	choice := false
	if v.cursor.Row > end && v.cursor.Row <= v.bottom {
		if v.matches(choiceRe, v.before) {
			choice = true
		} else if v.atPrompt() {
			return nil
		}
	}
	if selected != 1 && !choice {
		return nil
	}
	if bottom-end > 6 {
		return nil // too far above the bottom: history, not a live menu
	}
	// The question: the nearest line above the list that asks one, else
	// the nearest text. Codex shows the command, the model's reason and the
	// environment between its question and the options; labelled lines
	// ("Reason: …?") are the model's words, not the question.
	for r := best[0].row - 1; r >= max(1, best[0].row-questionRows); r-- {
		t := strings.Trim(v.row(r), boxTrimmers)
		if p.Text == "" && t != "" && r >= best[0].row-4 {
			p.Text = t
		}
		if strings.HasSuffix(t, "?") && !v.matches(labelRe, t) {
			p.Text = t
			break
		}
	}
	if v.matches(permitRe, p.Text) {
		p.Kind = PromptPermission
	}
	return p
}
