package picture_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sebdah/goldie/v2"

	"github.com/ttyrig/ttyrig/picture"
	"github.com/ttyrig/ttyrig/screen"
)

// styled is a screen with one of everything a picture must draw.
func styled(t testing.TB) screen.Snapshot {
	t.Helper()
	s := screen.New(32, 6)
	defer s.Close()
	s.WriteAt(time.Unix(0, 0), []byte(strings.Join([]string{
		"\x1b[1;31mbold red\x1b[0m \x1b[2mfaint\x1b[0m \x1b[3mitalic\x1b[0m \x1b[4munder\x1b[0m",
		"\x1b[38;5;208m256:208\x1b[0m \x1b[48;2;0;95;135m truecolor bg \x1b[0m \x1b[7mrev\x1b[0m",
		"wide: 中文 ✳ ok <&>",
		"\x1b[9mstruck\x1b[0m \x1b[94mbright blue\x1b[0m",
		"> ",
	}, "\r\n")))
	return s.Snapshot()
}

func TestSVGIsWellFormedAndOnTheGrid(t *testing.T) {
	svg := picture.SVG(styled(t), picture.WithCaption("styles"))
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, svg)
		}
	}
	s := string(svg)
	for _, want := range []string{
		`fill="#cd3131" font-weight="bold"`, // ANSI red from the theme, bold
		`fill="#ff8700"`,                    // 256-colour 208
		`fill="#005f87"`,                    // truecolor background rect
		`font-style="italic"`,
		`text-decoration="underline"`,
		`text-decoration="line-through"`,
		`fill="#3b8eea"`,       // bright blue (94) from the theme
		`fill="#777777"`,       // faint: half way from #d0d0d0 to #1e1e1e
		`text-anchor="middle"`, // wide characters centred in their cells
		`&lt;&amp;&gt;`,
		`class="cursor"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %s", want)
		}
	}
	// 中 sits at column 7 (0-based 6) and takes two cells: centred at
	// pad + 7 cells; 文 follows at pad + 9 cells.
	for _, want := range []string{`x="69.01" y="`, `x="85.87" y="`} {
		if !strings.Contains(s, want) {
			t.Errorf("wide characters are off the grid: SVG lacks %s", want)
		}
	}
	goldie.New(t).Assert(t, "styles.svg", svg)
}

func TestReverseSwapsColours(t *testing.T) {
	svg := string(picture.SVG(styled(t)))
	// "rev" is drawn in the default background colour on a rect of the
	// default foreground.
	if !strings.Contains(svg, `fill="#d0d0d0"/>`) || !strings.Contains(svg, `fill="#1e1e1e">rev</text>`) {
		t.Errorf("reverse video not drawn as swapped colours:\n%s", svg)
	}
}

func TestHiddenCursorIsNotDrawn(t *testing.T) {
	s := screen.New(10, 2)
	defer s.Close()
	s.WriteAt(time.Unix(0, 0), []byte("hi\x1b[?25l"))
	if svg := string(picture.SVG(s.Snapshot())); strings.Contains(svg, "cursor") {
		t.Errorf("hidden cursor drawn:\n%s", svg)
	}
	if h := string(picture.HTML(s.Snapshot())); strings.Contains(h, `class="cursor`) {
		t.Errorf("hidden cursor drawn in HTML")
	}
}

func TestHTMLRowsHoldTheScreenText(t *testing.T) {
	snap := styled(t)
	h := string(picture.HTML(snap, picture.WithCaption("a <caption>")))
	if strings.Contains(h, "http") && !strings.Contains(h, "<!doctype html>") {
		t.Fatalf("not a page")
	}
	if strings.Contains(h, "<script") || strings.Contains(h, "src=") || strings.Contains(h, "url(") {
		t.Errorf("page loads something: %s", h)
	}
	for r := 1; r <= 5; r++ {
		row := picture.RowHTML(snap, r)
		if got, want := strings.TrimRight(textOf(row), " "), strings.TrimRight(snap.Row(r), " "); got != want {
			t.Errorf("row %d text %q, want %q", r, got, want)
		}
		if !strings.Contains(h, row) {
			t.Errorf("page lacks row %d", r)
		}
	}
	if !strings.Contains(h, `<span class="c w2">中</span>`) || !strings.Contains(h, "a &lt;caption&gt;") {
		t.Errorf("page:\n%s", h)
	}
	if !strings.Contains(h, `data-row="5" data-col="3"`) {
		t.Errorf("cursor not at 5,3:\n%s", h)
	}
	goldie.New(t).Assert(t, "styles.html", []byte(h))
}

func TestSideBySideMarksDifferingRows(t *testing.T) {
	a, b := screen.New(12, 3), screen.New(12, 3)
	defer a.Close()
	defer b.Close()
	a.WriteAt(time.Unix(0, 0), []byte("same\r\nwant\r\n"))
	b.WriteAt(time.Unix(0, 0), []byte("same\r\ngot\r\n"))
	svg := string(picture.SideBySide(a.Snapshot(), b.Snapshot(), "want", "got"))
	if n := strings.Count(svg, `fill="#e5484d"`); n != 2 {
		t.Errorf("%d rows marked, want row 2 in both panels:\n%s", n, svg)
	}
	if !strings.Contains(svg, ">want</text>") || !strings.Contains(svg, ">got</text>") {
		t.Errorf("labels missing")
	}
}

// A row that differs only in style (the highlighted option moved) is
// marked: its text alone would say nothing changed.
func TestSideBySideMarksStyleOnlyRows(t *testing.T) {
	a, b := screen.New(12, 3), screen.New(12, 3)
	defer a.Close()
	defer b.Close()
	a.WriteAt(time.Unix(0, 0), []byte("\x1b[7mapple\x1b[0m\r\nbanana\r\n"))
	b.WriteAt(time.Unix(0, 0), []byte("apple\r\n\x1b[7mbanana\x1b[0m\r\n"))
	svg := string(picture.SideBySide(a.Snapshot(), b.Snapshot(), "want", "got"))
	if n := strings.Count(svg, `fill="#e5484d"`); n != 4 {
		t.Errorf("%d rows marked, want rows 1 and 2 in both panels:\n%s", n, svg)
	}
}

// textOf strips tags and entities from an HTML fragment.
func textOf(h string) string {
	var b strings.Builder
	in := false
	for _, r := range h {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`, "&#39;", "'").Replace(b.String())
}

// The zero Snapshot (no screen at all) draws as an empty picture.
func TestZeroSnapshot(t *testing.T) {
	var s screen.Snapshot
	if svg := picture.SVG(s); !bytes.HasPrefix(svg, []byte("<svg")) {
		t.Errorf("SVG of the zero snapshot: %s", svg)
	}
	if h := picture.HTML(s); !bytes.Contains(h, []byte(`data-cols="0"`)) {
		t.Errorf("HTML of the zero snapshot: %s", h)
	}
	_ = picture.SideBySide(s, s, "", "")
}
