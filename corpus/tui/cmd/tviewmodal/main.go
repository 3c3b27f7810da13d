// Command tviewmodal asks with tview's Modal, buttons side by side with no
// glyph (the focused one highlighted): "Delete 3 files?" with Yes and No,
// a silent delete, "3 files deleted." with Okay, then "Empty the trash
// too?" with Okay and Cancel.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/rivo/tview"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/tcelltruth"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

// asks is the hook's kind for a modal: a question drawing its buttons.
func asks(buttons []string) string { return fmt.Sprintf("question:%d", len(buttons)) }

func main() {
	deleteButtons := []string{"Yes", "No"}
	screen, tty, err := tcelltruth.Screen(asks(deleteButtons))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	app := tview.NewApplication().SetScreen(screen)
	pages := tview.NewPages()
	bg := tview.NewTextView().SetText(" trash: 3 files · 14 kB")
	pages.AddPage("bg", bg, true, true)
	// modal shows a Modal and arms the hook for the frame that draws it
	// (the first one, when the screen is already armed for it).
	modal := func(name, text string, buttons []string, done func(string)) {
		m := tview.NewModal().SetText(text).AddButtons(buttons).
			SetDoneFunc(func(_ int, label string) {
				truth.Log("busy", "", label)
				pages.RemovePage(name)
				done(label)
			})
		pages.AddPage(name, m, false, true)
		tty.Arm(asks(buttons))
	}
	trash := func() {
		modal("trash", "Empty the trash too?", []string{"Okay", "Cancel"}, func(string) { app.Stop() })
	}
	modal("delete", "Delete 3 files?", deleteButtons, func(string) {
		go func() {
			time.Sleep(800 * time.Millisecond) // deletes, silently
			app.QueueUpdateDraw(func() {
				bg.SetText(" trash: empty")
				modal("deleted", "3 files deleted.", []string{"Okay"}, func(string) { trash() })
			})
		}()
	})
	if err := app.SetRoot(pages, true).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
