package screen

import (
	"reflect"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// A blank row is shared, and is the row the conversion makes of blanks;
// a row with anything else in it (a styled blank, a wide cell) is not
// blank.
func TestBlankRowIsTheConvertedRow(t *testing.T) {
	blanks := func(content string) []uv.Cell {
		line := make([]uv.Cell, 7)
		for x := range line {
			line[x] = uv.Cell{Content: content, Width: 1}
		}
		return line
	}
	for _, content := range []string{" ", ""} {
		line := blanks(content)
		var sc scratch
		got, want := readRow(line, &sc), convertRow(line, &sc)
		if !reflect.DeepEqual(*got, *want) {
			t.Errorf("content %q: the shared blank row is %+v, the converted one %+v", content, *got, *want)
		}
		if again := readRow(line, &sc); again != got {
			t.Errorf("content %q: two blank rows of one width are not shared", content)
		}
	}
	for name, change := range map[string]func(*uv.Cell){
		"text":       func(c *uv.Cell) { c.Content = "x" },
		"bold":       func(c *uv.Cell) { c.Style.Attrs = uv.AttrBold },
		"background": func(c *uv.Cell) { c.Style.Bg = ansi.Red },
		"foreground": func(c *uv.Cell) { c.Style.Fg = ansi.Red },
		"underline":  func(c *uv.Cell) { c.Style.Underline = uv.UnderlineSingle },
		"wide":       func(c *uv.Cell) { c.Width = 2 },
	} {
		line := blanks(" ")
		change(&line[3])
		if isBlank(line) {
			t.Errorf("a row with a cell changed (%s) reads as blank", name)
		}
	}
}
