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

func main() {
	screen, tty, err := tcelltruth.Screen("question")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	app := tview.NewApplication().SetScreen(screen)
	pages := tview.NewPages()
	bg := tview.NewTextView().SetText(" trash: 3 files · 14 kB")
	pages.AddPage("bg", bg, true, true)
	modal := func(name, text string, buttons []string, done func(string)) {
		m := tview.NewModal().SetText(text).AddButtons(buttons).
			SetDoneFunc(func(_ int, label string) {
				truth.Log("busy", "", label)
				pages.RemovePage(name)
				done(label)
			})
		pages.AddPage(name, m, false, true)
	}
	trash := func() {
		modal("trash", "Empty the trash too?", []string{"Okay", "Cancel"}, func(string) { app.Stop() })
		tty.Arm("question")
	}
	modal("delete", "Delete 3 files?", []string{"Yes", "No"}, func(string) {
		go func() {
			time.Sleep(800 * time.Millisecond) // deletes, silently
			app.QueueUpdateDraw(func() {
				bg.SetText(" trash: empty")
				modal("deleted", "3 files deleted.", []string{"Okay"}, func(string) { trash() })
				tty.Arm("question")
			})
		}()
	})
	if err := app.SetRoot(pages, true).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
