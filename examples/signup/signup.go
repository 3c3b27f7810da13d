// Package signup is a huh form for the examples: a name, a language and a
// confirmation in one group, drawn all at once, as a newcomer's first TUI
// test meets it. huh moves the focus between fields asynchronously, so a
// test that sends keys without waiting for the program sends them to the
// wrong field.
package signup

import (
	"fmt"
	"os"

	"github.com/charmbracelet/huh"
)

// Main runs the form and returns the exit status.
func Main() int {
	var name, lang string
	ship := true
	form := huh.NewForm(huh.NewGroup(
		huh.NewInput().Title("What's your name?").Value(&name),
		huh.NewSelect[string]().Title("Favourite language").
			Options(huh.NewOptions("Go", "Python", "TypeScript", "Rust")...).Value(&lang),
		huh.NewConfirm().Title("Ship it?").Value(&ship),
	))
	if err := form.Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("%s ships %s: %v\n", name, lang, ship)
	return 0
}
