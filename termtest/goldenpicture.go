package termtest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/screen"
)

// keepGoldenPicture draws a golden mismatch, the golden screen beside the
// one got, rows that differ marked, as <failure name>.golden.svg (see
// failureName), and returns its path.
func keepGoldenPicture(tb testing.TB, goldenPath, want string, got screen.Snapshot) (string, error) {
	ws, err := goldenScreen(want)
	if err != nil {
		return "", fmt.Errorf("%s: %w", goldenPath, err)
	}
	path := goldenPicturePath(tb)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	svg := picture.SideBySide(ws, got, "want: "+goldenPath, "got")
	if err := writePrivate(path, svg); err != nil {
		return "", err
	}
	return path + gitHint(), nil
}

// goldenPicturePath is where tb's golden mismatch is drawn.
func goldenPicturePath(tb testing.TB) string { return failureName(tb) + ".golden.svg" }

// goldenScreen rebuilds the screen a golden file holds (RenderGolden's
// text: size, cursor, numbered rows and under each row its styled runs) so
// it can be drawn, styles included: a difference in style alone must show
// in the picture. The file gives a run's text, not its column, so each run
// is placed at the first place after the previous one that holds its text
// (a run of blanks only: that many blanks).
func goldenScreen(text string) (screen.Snapshot, error) {
	header, body, _ := strings.Cut(text, "\n")
	var cols, rows, crow, ccol int
	var vis string
	if _, err := fmt.Sscanf(header, "screen %dx%d, cursor %d,%d (%s", &cols, &rows, &crow, &ccol, &vis); err != nil {
		return screen.Snapshot{}, fmt.Errorf("golden header %q is not \"screen COLSxROWS, cursor ROW,COL (...)\": %w", header, err)
	}
	if cols <= 0 || rows <= 0 || cols > 1000 || rows > 1000 {
		return screen.Snapshot{}, fmt.Errorf("golden header %q: size out of range", header)
	}
	var b strings.Builder
	var row *goldenRow
	flush := func() {
		if row != nil {
			row.draw(&b)
		}
		row = nil
	}
	for _, line := range strings.Split(body, "\n") {
		if run, ok := strings.CutPrefix(line, "    ╰ "); ok {
			if row != nil {
				row.add(run)
			}
			continue
		}
		num, rest, ok := strings.Cut(line, "│")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil || n < 1 || n > rows {
			continue // the caret line, "(empty)", the end
		}
		flush()
		row = &goldenRow{n: n, text: []rune(rest)}
	}
	flush()
	fmt.Fprintf(&b, "\x1b[%d;%dH", crow, ccol)
	if strings.HasPrefix(vis, "hidden") {
		b.WriteString("\x1b[?25l")
	}
	s := screen.New(cols, rows)
	defer s.Close()
	s.WriteAt(time.Unix(0, 0), []byte(b.String()))
	return s.Snapshot(), nil
}

// goldenRow is one row of a golden file being rebuilt: its text and the
// SGR of each of its characters.
type goldenRow struct {
	n     int
	text  []rune
	sgr   []string // per character of text (and blanks after it); "" is the default
	after int      // where the next run is looked for
}

// add places one styled run, written as `"text" +N blank: style` or
// `N blank: style`; a run it cannot read or place (a masked one) is left
// out.
func (r *goldenRow) add(run string) {
	var want []rune
	blanks := 0
	if strings.HasPrefix(run, `"`) {
		q, err := strconv.QuotedPrefix(run)
		if err != nil {
			return
		}
		t, _ := strconv.Unquote(q)
		want, run = []rune(t), run[len(q):]
		if rest, ok := strings.CutPrefix(run, " +"); ok {
			n, tail, _ := strings.Cut(rest, " blank")
			blanks, _ = strconv.Atoi(n)
			run = tail
		}
	} else {
		n, tail, ok := strings.Cut(run, " blank")
		if !ok {
			return
		}
		blanks, _ = strconv.Atoi(n)
		run = tail
	}
	style, ok := strings.CutPrefix(run, ": ")
	if !ok || blanks < 0 || blanks > 1000 {
		return
	}
	at := r.find(want, blanks)
	if at < 0 {
		return
	}
	sgr := styleSGR(style)
	for i := at; i < at+len(want)+blanks; i++ {
		for len(r.sgr) <= i {
			r.sgr = append(r.sgr, "")
		}
		r.sgr[i] = sgr
	}
	r.after = at + len(want) + blanks
}

// find returns where, from r.after on, want stands followed by blanks
// spaces (past the text's end every cell is blank), or -1.
func (r *goldenRow) find(want []rune, blanks int) int {
	at := func(i int) rune {
		if i < len(r.text) {
			return r.text[i]
		}
		return ' '
	}
	for i := r.after; i <= len(r.text); i++ {
		ok := true
		for j := 0; ok && j < len(want)+blanks; j++ {
			c := ' '
			if j < len(want) {
				c = want[j]
			}
			ok = at(i+j) == c
		}
		if ok {
			return i
		}
	}
	return -1
}

// draw writes the row with its styles.
func (r *goldenRow) draw(b *strings.Builder) {
	fmt.Fprintf(b, "\x1b[%d;1H", r.n)
	cur := ""
	for i := 0; i < max(len(r.text), len(r.sgr)); i++ {
		sgr := ""
		if i < len(r.sgr) {
			sgr = r.sgr[i]
		}
		if sgr != cur {
			b.WriteString("\x1b[0m" + sgr)
			cur = sgr
		}
		c := ' '
		if i < len(r.text) {
			c = r.text[i]
		}
		b.WriteRune(c)
	}
	b.WriteString("\x1b[0m")
}

// styleSGR turns a style as screen.Cell.Style writes it ("bold fg=blue",
// "reverse bg=color(240)", "fg=#ff8800") into the SGR sequence that sets
// it; words it does not know are left out.
func styleSGR(style string) string {
	attrs := map[string]string{"bold": "1", "faint": "2", "italic": "3", "underline": "4", "blink": "5", "reverse": "7", "strike": "9"}
	var codes []string
	for _, w := range strings.Fields(style) {
		if a, ok := attrs[w]; ok {
			codes = append(codes, a)
			continue
		}
		k, v, ok := strings.Cut(w, "=")
		if !ok || k != "fg" && k != "bg" {
			continue
		}
		if c := colorSGR(v, k == "bg"); c != "" {
			codes = append(codes, c)
		}
	}
	if len(codes) == 0 {
		return ""
	}
	return "\x1b[" + strings.Join(codes, ";") + "m"
}

// colorSGR is the SGR parameter for a colour named as screen.ColorName
// names it, as foreground or background.
func colorSGR(name string, bg bool) string {
	base, ext := 30, "38"
	if bg {
		base, ext = 40, "48"
	}
	names := []string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}
	if i := slices.Index(names, name); i >= 0 {
		return strconv.Itoa(base + i)
	}
	if i := slices.Index(names, strings.TrimPrefix(name, "bright-")); i >= 0 && strings.HasPrefix(name, "bright-") {
		return strconv.Itoa(base + 60 + i)
	}
	var n int
	if _, err := fmt.Sscanf(name, "color(%d)", &n); err == nil && n >= 0 && n < 256 {
		return fmt.Sprintf("%s;5;%d", ext, n)
	}
	var rr, gg, bb uint8
	if len(name) == 7 && name[0] == '#' {
		if _, err := fmt.Sscanf(name, "#%02x%02x%02x", &rr, &gg, &bb); err == nil {
			return fmt.Sprintf("%s;2;%d;%d;%d", ext, rr, gg, bb)
		}
	}
	return ""
}
