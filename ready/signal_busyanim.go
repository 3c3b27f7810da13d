package ready

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// busy-animation: what a program draws while it works, classified by what
// it is rather than timed. It is not ready while one of these, drawn since
// the last input, is still shown as it was last drawn, with nothing drawn
// below it since (output below means the program moved on and left it
// behind), for up to busyStall after it was last repainted:
//
//   - a spinner: a row repainted with only spinner glyphs changed
//     (braille, |/-\, ✻✶✢·, ◐◓◑◒ ...; cli-spinners, ora, Ink, rich, the agent
//     CLIs), or a row drawn starting with a glyph only spinners start a
//     line with (braille, quarter circles; | / \ before a word on a row
//     with no other |, which would make it a table), so that a spinner
//     whose first gap is its longest is busy from its first frame. (A glyph the program was seen spinning is
//     not enough on a first frame: Claude Code ends a turn with
//     "✻ Churned for 1s", its spinner's glyph.);
//   - a status word: a gerund and an ellipsis ("Thinking…",
//     "Downloading...", "working..."): programs write it before they work,
//     and it stays while they are silent;
//   - a progress bar or counter: a row repainted with only digits, bar cells
//     or trailing dots changed (tqdm's `37%|███▋      |`, npm's, pip's),
//     short of 100%.
//
// These hold through stalls longer than any quiet window (tqdm stalls
// 0.7–2.4 s; an agent may think silently for seconds), which timing alone
// cannot. Blinks and clocks never reach here: they are no change
// (blink.go, clock.go). A full-screen program repaints counters while it
// waits for keys, so the alternate screen is left to the animation signal.

// busyStall is how long a busy animation counts after it was last
// repainted: above the longest stalls measured (tqdm 2.4 s, a silent
// "Thinking…" 2 s), so that a program that left one on screen when it
// stopped is called ready by the cursor or silence soon after.
const busyStall = 5 * time.Second

const (
	// spinnerGlyphs are the glyphs spinners cycle through, besides braille.
	spinnerGlyphs = "◐◓◑◒◴◷◶◵◰◳◲◱✻✶✢✽✳✺✹✸✷·•∙*●○◉◎◌|/\\-—–⎺⎻⎼⎽▁▂▃▄▅▆▇█▉▊▋▌▍▎▏░▒▓■□▪▫▖▘▝▗▙▛▜▟"
	// onlySpinners are glyphs nothing but spinners start a line with.
	onlySpinners = "◐◓◑◒◴◷◶◵◰◳◲◱"
)

var (
	// statusWord: a gerund and an ellipsis near the start of a line, after
	// at most a glyph ("✻ Thinking…", "⠋ Downloading files...", "working...").
	statusWord = regexp.MustCompile(`^[\s│┃|]*(?:\S\s+)?\p{L}*ing\b[^…]{0,40}?(…|\.\.\.)(\s|$|\()`)
	// barSegment: a progress bar between delimiters.
	barSegment = regexp.MustCompile(`[|\[][█▉▊▋▌▍▎▏#=>━■▰░▒▓▱ .-]*[|\]]`)
	digitRun   = regexp.MustCompile(`\d+([.,:]\d+)*`)
	dotsRun    = regexp.MustCompile(`(\.{1,3}|…)(\s|$)`)
	complete   = regexp.MustCompile(`\b100(\.0+)?\s?%`)
)

// busyRow is a row classified as a busy animation.
type busyRow struct {
	kind   string    // "spinner", "status word", "progress"
	text   string    // the row as last drawn
	at     time.Time // last drawn
	frames int
}

type busyAnimSignal struct {
	rows map[int]*busyRow
}

func init() {
	register(signalKind{name: "busy-animation", rank: rankBusyAnim, core: true,
		build: func(Profile, SignalSpec) (signal, error) {
			return &busyAnimSignal{rows: map[int]*busyRow{}}, nil
		}})
}

func (b *busyAnimSignal) seen(f *facts) {
	v := f.view
	if v.snap.AltScreen() || f.prev == nil || len(f.prev.rows) != len(v.rows) {
		clear(b.rows)
		return
	}
	for r := 1; r <= len(v.rows); r++ {
		text, old := v.row(r), f.prev.row(r)
		if text == old {
			continue
		}
		if text == "" {
			delete(b.rows, r)
			continue
		}
		drawn := f.rowTimes[r-1]
		kind := classifyFrame(old, text)
		switch {
		case kind != "":
		case statusWord.MatchString(text):
			kind = "status word"
		case startsSpinning(text):
			kind = "spinner"
		}
		if kind == "" || kind == "progress" && complete.MatchString(text) {
			delete(b.rows, r)
			continue
		}
		br := b.rows[r]
		if br == nil {
			br = &busyRow{}
			b.rows[r] = br
		}
		br.kind, br.text, br.at = kind, text, drawn
		br.frames++
	}
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
func classifyFrame(old, cur string) string {
	if old == "" {
		return ""
	}
	a, b := []rune(old), []rune(cur)
	if len(a) == len(b) {
		var glyphs []rune
		only := true
		for i := range a {
			if a[i] == b[i] {
				continue
			}
			if !isSpinnerGlyph(a[i]) || !isSpinnerGlyph(b[i]) {
				only = false
				break
			}
			glyphs = append(glyphs, a[i], b[i])
		}
		if only && len(glyphs) > 0 && len(glyphs) <= 4 {
			return "spinner"
		}
	}
	// Text that only grew is drawing or typed echo ("> 4" to "> 42"), not
	// a counter; dots growing are the exception ("Loading." to "Loading..").
	grew := strings.HasPrefix(cur, old) && strings.Trim(cur[len(old):], ".") != ""
	if !grew && progressShape(old) == progressShape(cur) && hasDigitOrBar(cur) {
		return "progress"
	}
	return ""
}

// progressShape is a row with its counters, bars and trailing dots
// flattened: two frames of a progress display have the same shape.
func progressShape(s string) string {
	s = barSegment.ReplaceAllString(s, "[#]")
	s = digitRun.ReplaceAllString(s, "0")
	s = dotsRun.ReplaceAllString(s, "…$2")
	return strings.TrimRightFunc(s, unicode.IsSpace)
}

func hasDigitOrBar(s string) bool {
	return strings.ContainsAny(s, "0123456789") || barSegment.MatchString(s) || dotsRun.MatchString(s)
}

func (b *busyAnimSignal) vote(f *facts, now time.Time) vote {
	v := f.view
	if v.snap.AltScreen() {
		return vote{}
	}
	best, row := (*busyRow)(nil), 0
	for r, br := range b.rows {
		if v.row(r) != br.text || br.at.Before(f.ref) || now.Sub(br.at) >= busyStall || b.drawnBelow(f, r, br.at) {
			continue
		}
		if best == nil || br.at.After(best.at) || br.at.Equal(best.at) && r < row {
			best, row = br, r
		}
	}
	if best == nil {
		return vote{}
	}
	frames := ""
	if best.frames > 1 {
		frames = fmt.Sprintf(", %d frames", best.frames)
	}
	return hold(SignalAnimation, "%s at row %d (last drawn %v ago%s): %q", best.kind, row, roundMS(now.Sub(best.at)), frames, clip(strings.TrimSpace(best.text), 60)).
		later(best.at.Add(busyStall))
}

// drawnBelow reports whether a row below r (not a clock) changed well after
// at: the program moved on below what it left there.
func (b *busyAnimSignal) drawnBelow(f *facts, r int, at time.Time) bool {
	for i := r; i < len(f.rowTimes); i++ {
		if f.rowTimes[i].Sub(at) > f.prof.Quiet.D() && !f.clockRows[i+1] {
			return true
		}
	}
	return false
}
