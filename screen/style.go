package screen

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Style describes a cell's style in words, as goldens and locator
// failures show it: "bold reverse fg=blue bg=#202020"; "" for the default.
func (c Cell) Style() string {
	var parts []string
	for _, a := range []struct {
		on   bool
		name string
	}{{c.Bold, "bold"}, {c.Faint, "faint"}, {c.Italic, "italic"}, {c.Underline, "underline"},
		{c.Blink, "blink"}, {c.Reverse, "reverse"}, {c.Strikethrough, "strike"}} {
		if a.on {
			parts = append(parts, a.name)
		}
	}
	if c.Fg != nil {
		parts = append(parts, "fg="+ColorName(c.Fg))
	}
	if c.Bg != nil {
		parts = append(parts, "bg="+ColorName(c.Bg))
	}
	return strings.Join(parts, " ")
}

var basicNames = [...]string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

// ColorName names a colour as a program set it: one of the 16 basic
// colours by name ("red", "bright-blue"), a 256-colour palette index as
// "color(N)", anything else as "#rrggbb"; nil (the default) is "default".
func ColorName(c color.Color) string {
	switch v := c.(type) {
	case nil:
		return "default"
	case ansi.BasicColor:
		if v < 8 {
			return basicNames[v]
		}
		if v < 16 {
			return "bright-" + basicNames[v-8]
		}
	case ansi.IndexedColor:
		if v < 8 {
			return basicNames[v]
		}
		if v < 16 {
			return "bright-" + basicNames[v-8]
		}
		return fmt.Sprintf("color(%d)", v)
	}
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
