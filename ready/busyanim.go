package ready

import (
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Busy animations classified: which rows show a spinner, a status word or
// progress (what each is: signal_busyanim.go).

// How long a busy animation counts after its last repaint: tune.BusyStall (params.go).

const (
	// spinnerGlyphs are the glyphs spinners cycle through, besides braille.
	spinnerGlyphs = "◐◓◑◒◴◷◶◵◰◳◲◱✻✶✢✽✳✺✹✸✷·•∙*●○◉◎◌|/\\-—–⎺⎻⎼⎽▁▂▃▄▅▆▇█▉▊▋▌▍▎▏░▒▓■□▪▫▖▘▝▗▙▛▜▟"
	// onlySpinners are glyphs nothing but spinners start a line with.
	onlySpinners = "◐◓◑◒◴◷◶◵◰◳◲◱"
)

var (
	// statusWord: a gerund and an ellipsis near the start of a line, after
	// at most a glyph, ending the line or before a parenthesis ("✻ Thinking…
	// (3s)", "⠋ Downloading files...", "working..."); "Loading... done" is a
	// finished step.
	statusWord = regexp.MustCompile(`^[\s│┃|]*(?:\S\s+)?\p{L}*ing\b[^…]{0,40}?(…|\.\.\.)\s*($|\()`)
	// gerundLead: a gerund leading a line, after at most a glyph: a timer
	// ticking on such a line times that activity ("• Working (3s • esc to
	// interrupt)", "─ running ls · 7s elapsed").
	gerundLead = regexp.MustCompile(`^[\s│┃|]*(?:\S\s+)?(\p{L}+)`)
	// gerund matches a word ending in -ing (three letters at least before
	// it: "ring", "king" and "bring" are none), notVerb the commonest -ing
	// words that are no verbs ("nothing", "something", "string", "during").
	gerund  = regexp.MustCompile(`^\p{L}{3,}ing$`)
	notVerb = regexp.MustCompile(`(?i)(thing|^string|^during|^morning|^evening|^ceiling)$`)
	// barSegment: a progress bar between delimiters; digitRun: a number;
	// dotsRun: trailing dots. The engine runs them as scanners written out
	// (shapes.go), checked against these patterns in tests.
	barSegment = regexp.MustCompile(`[|\[][█▉▊▋▌▍▎▏#=>━■▰░▒▓▱ .-]*[|\]]`)
	digitRun   = regexp.MustCompile(`\d+([.,:]\d+)*`)
	dotsRun    = regexp.MustCompile(`(\.{1,3}|…)(\s|$)`)
	complete   = regexp.MustCompile(`\b100(\.0+)?\s?%`)
	// a percentage right before or after a bar
	percentBefore = regexp.MustCompile(`\b\d{1,3}(\.\d+)?\s?%\s?$`)
	percentAfter  = regexp.MustCompile(`^\s?\d{1,3}(\.\d+)?\s?%`)
)

// busyRow is a row classified as a busy animation.
type busyRow struct {
	kind   string    // "spinner", "status word", "progress"
	text   string    // the row as last drawn
	at     time.Time // last drawn
	frames int
	stall  time.Duration // how long it counts after it was last drawn
}

// classify notes which rows of v now show a busy animation (see
// signal_busyanim.go), comparing each changed row with what it showed on
// prev. Rows in ticked changed by a clock or timer ticking (clock.go) and
// show none. It returns the rows this change animated as a known busy
// animation: its frames, and the frame that ended one (a map of its own,
// cleared on the next call).
func (b *busyAnims) classify(f *facts, prev, v *view, ticked map[int]bool) map[int]bool {
	if b.now == nil {
		b.now = map[int]bool{}
	}
	now := b.now
	clear(now)
	if b.rows == nil {
		b.rows = map[int]*busyRow{}
	}
	if prev != nil && (len(prev.rows) != len(v.rows) || prev.snap.AltScreen() != v.snap.AltScreen()) {
		clear(b.rows)
		return now
	}
	refresh := b.refreshed(f, prev, v)
	// ended: this frame ended a busy animation; counters first seen
	// changing in it are the turn's summary (issue 20: pi's token counts,
	// redrawn as its spinner gave way to the answer, held ready 5 s).
	ended, counters := false, []int(nil)
	defer func() {
		if ended {
			for _, r := range counters {
				delete(b.rows, r)
			}
		}
	}()
	for r := 1; r <= len(v.rows); r++ {
		text, old := v.row(r), ""
		if prev != nil {
			old = prev.row(r)
		}
		if text == old {
			continue
		}
		if text == "" || ticked[r] {
			delete(b.rows, r)
			continue
		}
		kind := b.frameKind(f, r, old, text)
		if kind == "spinner" && partOfDrawing(prev, v, r) {
			kind = "" // a graph's cells or a gutter (busyanim_drawing.go)
		}
		kind, stall := b.judge(f, kind, text, v.snap.AltScreen(), refresh)
		if kind == "" || kind == "progress" && complete.MatchString(text) {
			// The frame that ends a busy animation ("done" over the
			// spinner) is its last frame, not one of an unknown animation
			// whose cadence must be outwaited.
			now[r] = b.rows[r] != nil && b.rows[r].text == old
			ended = ended || now[r]
			delete(b.rows, r)
			continue
		}
		br := b.rows[r]
		if br == nil {
			br = &busyRow{}
			b.rows[r] = br
			if kind == "progress" {
				counters = append(counters, r)
			}
		}
		br.kind, br.text, br.at, br.stall = kind, text, f.rows.at[r-1], stall
		br.frames++
		now[r] = true
	}
	return now
}

// refreshed notes a frame that changes more rows than an animation
// touches: a screen refreshed as a whole (top's statistics), whose
// counters are a monitor's readings, not one job's progress, unless a bar
// shows it. It reports whether this frame belongs to such a refresh: is
// one, or its second write, right after.
func (b *busyAnims) refreshed(f *facts, prev, v *view) bool {
	changed, at := 0, time.Time{}
	for r := 1; r <= len(v.rows); r++ {
		if prev != nil && v.row(r) != prev.row(r) {
			changed++
			at = f.rows.at[r-1]
		}
	}
	if changed > animMaxRows {
		b.refreshAt = at
	}
	return changed > 0 && !b.refreshAt.IsZero() && at.Sub(b.refreshAt) < tune.MonitorBurst
}

// frameKind says what kind of busy animation row r shows, drawn as text
// over old: by the two frames (classifyFrame), as the bar already seen
// moving there, or by text alone (busyText); "" for none. A spinner's
// label is remembered, to know it from its first frame next time.
func (b *busyAnims) frameKind(f *facts, r int, old, text string) string {
	kind := classifyFrameWith(old, text, f.memoProgressShape)
	switch {
	case kind == "spinner":
		// Its label is remembered once the row was seen spinning: a frame
		// that turned a spinner glyph over a row drawn as a spinner. A
		// glyph turned once over a row that was none (Continue's tool
		// status "○ Bash" to "● Bash", then redrawn as it was) is no
		// animation to know the next drawing by.
		if br := b.rows[r]; br == nil || br.kind != "spinner" || br.text != old {
			break
		}
		if label, ok := spinnerLabel(text); ok {
			if b.spinLabels == nil {
				b.spinLabels = map[string]bool{}
			}
			if len(b.spinLabels) < maxSpinLabels {
				b.spinLabels[label] = true
			}
		}
	case tickingStatus(&f.memo, kind, text):
		kind = "status word"
	case kind == "" && standingTail(&f.memo, old, text):
		// A prompt drawn beside a status word already shown: no busy
		// sign (busyanim_tail.go).
	case kind != "":
	case b.rows[r] != nil && b.rows[r].text == old && (b.rows[r].kind == "spinner" || b.rows[r].kind == "bar") && cellsOnly(old, text):
		// A bar already seen moving that changes only its cells again
		// is the same bar, whatever this frame alone looks like (a lit
		// segment entering from the left, or gone: opencode's).
		kind = b.rows[r].kind
	default:
		kind = b.busyText(&f.memo, text)
	}
	return kind
}

// judge says whether a frame of kind counts as busy where it was drawn,
// and for how long after it (stall): kind, or "" when it does not count.
// A full-screen program repaints counters, meters and status text while it
// waits for keys (top, htop, a clock in urwid's header): on the alternate
// screen (alt) only a spinner or a bar says busy, and a status word for a
// while; in a refresh of the whole screen, progress without a bar does
// not.
func (b *busyAnims) judge(f *facts, kind, text string, alt, refresh bool) (string, time.Duration) {
	// A status word drawn on the alternate screen outside a refresh of
	// the whole screen counts too, for a shorter while (stall): a
	// widget app shows "checking production…" and nothing moves while
	// it works (issue 20, class 1), yet a full-screen program may also
	// leave such a line up while it waits for keys. Not sure either
	// way: wait, bounded by the silence window, rather than guess.
	// A bar of cells drawn for the first time (busyText) is either
	// an indeterminate bar's first frame or a progress bar part way:
	// busy, unless it never moves (a rating, a gauge), so it too
	// counts for the silence window at most until a second frame
	// shows it marching.
	stall := tune.BusyStall
	// (A write within MonitorBurst of a whole-screen frame belongs to
	// it, unless input came between: then it answers the input.)
	altWord := alt && kind == "status word" && (!refresh || f.inputAt.After(b.refreshAt) || tailAnswersInput(f, b, kind, text))
	if altWord || kind == "bar" {
		stall = f.prof.Silence.D()
	}
	if alt && kind != "spinner" && kind != "bar" && !altWord || refresh && kind == "progress" && barHead(text) == "" {
		kind = ""
	}
	return kind, stall
}

// busyText says what kind of busy animation text shows on its own, without
// a previous frame: a status word, a spinner by its glyph or by a label
// this program was seen spinning with; "" for none.
func (b *busyAnims) busyText(mm *matchMemo, text string) string {
	switch {
	case strings.Contains(text, "ing") && strings.ContainsAny(text, ".…") && (mm.matches(statusWord, text) || endsInStatusWord(mm, text)):
		return "status word"
	case startsSpinning(text):
		return "spinner"
	case hasCellRun(text):
		return "bar"
	case progressBar(text):
		return "progress"
	}
	if label, ok := spinnerLabel(text); ok && b.spinLabels[label] {
		return "spinner"
	}
	return ""
}

// showsBusy reports whether row r, changing from old to cur, is a busy
// animation or an activity: it was classified one as old, cur reads as
// one, or cur is led by a gerund. Its clocks and timers tick for what it
// says, and it is not a clock.
func (b *busyAnims) showsBusy(mm *matchMemo, r int, old, cur string) bool {
	if br := b.rows[r]; br != nil && br.text == old {
		return true
	}
	if m := mm.find(gerundLead, cur); m != nil && isGerund(m[1]) {
		return true
	}
	return b.busyText(mm, cur) != ""
}

func isGerund(w string) bool { return gerund.MatchString(w) && !notVerb.MatchString(w) }

// maxSpinLabels bounds the labels remembered: a program has a handful.
const maxSpinLabels = 16

// spinnerLabel returns what a row that starts with a spinner glyph says
// after it, with digits flattened ("Working (3s)" as "Working (0s)"): a
// spinner seen cycling with that label is known from its first frame on a
// later turn, whatever its glyph, even when its first gap is its longest
// (a glyph alone is not enough: Claude Code ends a turn with its spinner's
// glyph before "Churned for 1s").
func spinnerLabel(text string) (string, bool) {
	t := strings.TrimLeft(text, " │┃")
	g, size := utf8.DecodeRuneInString(t)
	if size == 0 || !isSpinnerGlyph(g) || !strings.HasPrefix(t[size:], " ") {
		return "", false
	}
	label := flattenDigits(strings.TrimSpace(t[size:]))
	return label, label != ""
}

// startsSpinning reports whether a row starts with a glyph only spinners
// use, followed by a space.
func startsSpinning(text string) bool {
	t := strings.TrimLeft(text, " │┃")
	g, size := utf8.DecodeRuneInString(t)
	if size == 0 || !strings.HasPrefix(t[size:], " ") {
		return false
	}
	if strings.ContainsRune(`|/\`, g) {
		rest := strings.TrimLeft(t[size:], " ")
		r, _ := utf8.DecodeRuneInString(rest)
		return unicode.IsLetter(r) && !strings.Contains(rest, "|")
	}
	return isBraille(g) || strings.ContainsRune(onlySpinners, g)
}

func isBraille(r rune) bool { return r >= 0x2800 && r <= 0x28FF }

func isSpinnerGlyph(r rune) bool { return isBraille(r) || strings.ContainsRune(spinnerGlyphs, r) }

// classifyFrame says what kind of busy animation turned old into cur: only
// spinner glyphs changed (a spinner), only digits, bar cells or trailing
// dots (progress); "" for anything else.
func classifyFrame(old, cur string) string { return classifyFrameWith(old, cur, progressShape) }

// classifyFrameWith is classifyFrame with progressShape computed by shape
// (the engine's memo of it).
func classifyFrameWith(old, cur string, shape func(string) string) string {
	if old == "" {
		return ""
	}
	if n := glyphsTurned(old, cur); n > 0 && n <= 2 || marching(old, cur) || travelling(old, cur) {
		return "spinner"
	}
	// Text that only grew is drawing or typed echo ("> 4" to "> 42"), not
	// a counter; dots growing are the exception ("Loading." to "Loading..").
	grew := strings.HasPrefix(cur, old) && strings.Trim(cur[len(old):], ".") != ""
	if grew {
		return ""
	}
	if hasDigitOrBar(cur) && shape(old) == shape(cur) { // the scan first: shaping a row costs more
		return "progress"
	}
	// A bar under the same label is the same progress bar, whatever its
	// statistics after it do: tqdm turns "1.04s/chunk" into "1.39chunk/s"
	// as the rate crosses one per second.
	if h := barHead(cur); h != "" && h == barHead(old) {
		return "progress"
	}
	return ""
}

// glyphsTurned returns at how many places cur differs from old, character
// by character, when every difference is one spinner glyph turned into
// another; -1 when the two differ otherwise or in length.
func glyphsTurned(old, cur string) int {
	n := 0
	for len(old) > 0 && len(cur) > 0 {
		a, sa := utf8.DecodeRuneInString(old)
		b, sb := utf8.DecodeRuneInString(cur)
		old, cur = old[sa:], cur[sb:]
		if a == b {
			continue
		}
		if !isSpinnerGlyph(a) || !isSpinnerGlyph(b) {
			return -1
		}
		n++
	}
	if len(old) > 0 || len(cur) > 0 {
		return -1
	}
	return n
}

// indeterminateCells are the glyphs an indeterminate bar is drawn with: filled and
// empty cells ("■■■⬝⬝⬝⬝⬝", "▰▰▱▱▱", "●●○○○").
const indeterminateCells = "■□▪▫⬝⬞◼◻▰▱●○◉◌█▓▒░"

// marching reports whether cur is old with a run of bar cells moved: every
// difference is a bar cell, and as many of each cell are there before and
// after. An indeterminate bar that marches or bounces ("■■■⬝⬝⬝⬝⬝  esc
// interrupt" to "⬝■■■⬝⬝⬝⬝  esc interrupt", issue 20 class 4) says busy as a
// spinner does; a progress bar fills (more filled cells each frame) and a
// meter's level changes, so neither keeps its counts.
func marching(old, cur string) bool {
	if len(old) != len(cur) || old == cur {
		return false
	}
	moved := map[rune]int{}
	for len(old) > 0 && len(cur) > 0 {
		a, sa := utf8.DecodeRuneInString(old)
		b, sb := utf8.DecodeRuneInString(cur)
		old, cur = old[sa:], cur[sb:]
		if a == b {
			continue
		}
		if !strings.ContainsRune(indeterminateCells, a) || !strings.ContainsRune(indeterminateCells, b) {
			return false
		}
		moved[a]--
		moved[b]++
	}
	if len(old) > 0 || len(cur) > 0 {
		return false
	}
	for _, n := range moved {
		if n != 0 {
			return false
		}
	}
	return true
}

// filledCells are the indeterminate cells that draw a bar's lit part.
const filledCells = "■▪◼▰●◉█▓"

// travelling reports whether cur is old with only bar cells changed and,
// in one of the two, a lit segment that stands apart from the bar's start:
// a segment that grows, travels and shrinks ("■■■⬝⬝⬝⬝⬝" to "⬝⬝⬝■■■■■" to
// "⬝⬝⬝⬝⬝⬝■■", opencode's footer) says busy as a march does. A progress
// bar or a meter fills from its start, so its lit cells never follow an
// unlit one.
func travelling(old, cur string) bool {
	if len(old) != len(cur) || old == cur {
		return false
	}
	return cellsOnly(old, cur) && (detached([]rune(old)) || detached([]rune(cur)))
}

// cellsOnly reports whether cur differs from old in bar cells alone, one
// for one.
func cellsOnly(old, cur string) bool {
	a, b := []rune(old), []rune(cur)
	if len(a) != len(b) || old == cur {
		return false
	}
	for i := range a {
		if a[i] != b[i] && (!strings.ContainsRune(indeterminateCells, a[i]) || !strings.ContainsRune(indeterminateCells, b[i])) {
			return false
		}
	}
	return true
}

// detached reports whether a run of bar cells in text has a lit cell after
// an unlit one.
func detached(text []rune) bool {
	run, unlit := 0, false
	for _, r := range text {
		if !strings.ContainsRune(indeterminateCells, r) {
			run, unlit = 0, false
			continue
		}
		run++
		lit := strings.ContainsRune(filledCells, r)
		if lit && unlit {
			return true
		}
		unlit = unlit || !lit
	}
	return false
}

// hasCellRun reports whether text holds a run of at least four
// indeterminate bar cells, filled and empty mixed ("■■■⬝⬝⬝⬝⬝", "▰▰▱▱▱"):
// the first frame of a marching bar, or a bar part way.
func hasCellRun(text string) bool {
	run, kinds := 0, map[rune]bool{}
	for _, r := range text {
		// The cells are none of them ASCII: most of a row is not looked up.
		if r >= utf8.RuneSelf && strings.ContainsRune(indeterminateCells, r) {
			run++
			kinds[r] = true
			if run >= 4 && len(kinds) >= 2 {
				return true
			}
			continue
		}
		if run > 0 {
			run = 0
			clear(kinds)
		}
	}
	return false
}

// memoProgressShape is progressShape through the engine's memo.
func (f *facts) memoProgressShape(s string) string {
	return f.memo.shape(opProgressShape, s, progressShape)
}

// progressShape is a row with its counters, bars and trailing dots
// flattened, and its runs of blanks made one (numbers right-aligned in a
// field: "  0%" then " 12%"): two frames of a progress display have the
// same shape.
func progressShape(s string) string {
	s = flattenDots(flattenDigits(flattenBars(s))) // shapes.go
	return strings.Join(strings.Fields(s), " ")
}

// progressBar reports whether text shows a progress bar short of 100%
// with a percentage next to it ("  0%|    |", "[##   ] 37%"), so that a
// bar is busy from its first frame (a download's 0% may stall for seconds
// while it connects).
func progressBar(text string) bool {
	if !strings.ContainsAny(text, "|[") { // a bar opens with one
		return false
	}
	for _, m := range barSegments(text) {
		if pct, ok := barPercent(text, m); ok {
			return !complete.MatchString(pct)
		}
	}
	return false
}

// barPercent returns the percentage right before or after the bracketed
// segment text[m[0]:m[1]], if it is at least barMinCells wide.
func barPercent(text string, m []int) (string, bool) {
	if utf8.RuneCountInString(text[m[0]:m[1]]) < barMinCells+2 {
		return "", false
	}
	if pct := percentBefore.FindString(text[:m[0]]); pct != "" {
		return pct, true
	}
	if pct := percentAfter.FindString(text[m[1]:]); pct != "" {
		return pct, true
	}
	return "", false
}

// barMinCells is the narrowest progress bar: narrower brackets are a
// checkbox ("[ ]", "[x]").
const barMinCells = 5

// barHead returns the shape of a row up to the end of its first progress
// bar, "" if it has none: the bar's label and where it stands. A bar is at
// least barMinCells wide and filled in part or has a percentage next to
// it: an empty table cell ("|      |") is none.
func barHead(s string) string {
	if !strings.ContainsAny(s, "|[") { // a bar opens with one
		return ""
	}
	for _, m := range barSegments(s) {
		inner := s[m[0]+1 : m[1]-1]
		if _, ok := barPercent(s, m); ok || utf8.RuneCountInString(inner) >= barMinCells && strings.ContainsAny(inner, barFill) {
			return progressShape(s[:m[1]])
		}
	}
	return ""
}

// barFill are the cells a bar fills with.
const barFill = "█▉▊▋▌▍▎▏#=>━■▰░▒▓"

func hasDigitOrBar(s string) bool {
	if hasDigit(s) {
		return true
	}
	_, _, bar := nextBar(s, 0)
	_, _, dots := nextDots(s, 0)
	return bar || dots
}
