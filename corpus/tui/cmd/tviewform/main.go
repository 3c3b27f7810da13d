// Command tviewform is a sign-up form on tview's Form: all its fields
// drawn at once (an InputField, a DropDown, a Checkbox, a PasswordField and
// Save and Quit buttons); Tab moves the focus from one to the next. Each
// move of the focus is a turn: the program takes the key and redraws the
// form with the next item focused. Save validates silently (0.8 s) and
// shows the result; Quit leaves.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/tcelltruth"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

func main() {
	screen, tty, err := tcelltruth.Screen("text")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	app := tview.NewApplication().SetScreen(screen)
	form := tview.NewForm()
	// kind is what the focused item asks for, for the hook; a question
	// names the choices it draws.
	kind := func() string {
		i, b := form.GetFocusedItemIndex()
		if b >= 0 {
			return fmt.Sprintf("question:%d", form.GetButtonCount()) // the buttons side by side
		}
		switch item := form.GetFormItem(i).(type) {
		case *tview.DropDown:
			if item.IsOpen() {
				return fmt.Sprintf("question:%d", item.GetOptionCount())
			}
			if _, current := item.GetCurrentOption(); current != "" {
				return "question:1" // closed, it draws only its current choice
			}
			return "question:0"
		case *tview.Checkbox:
			return "question:0" // a box to tick, no choices drawn as words
		case *tview.InputField:
			if i == 3 {
				return "password"
			}
		}
		return "text"
	}
	form.AddInputField("Name", "", 24, nil, nil).
		AddDropDown("Role", []string{"developer", "operator", "auditor"}, 0, nil).
		AddCheckbox("Admin", false, nil).
		AddPasswordField("Password", "", 24, '*', nil).
		AddButton("Save", func() {
			truth.Log("busy", "", "save")
			form.SetTitle(" validating… ")
			go func() {
				time.Sleep(800 * time.Millisecond)
				app.QueueUpdateDraw(func() {
					form.SetTitle(" saved ")
					tty.Arm(kind())
				})
			}()
		}).
		AddButton("Quit", func() { truth.Log("busy", "", "quit"); app.Stop() })
	form.SetBorder(true).SetTitle(" new account ")
	moved := false
	app.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Key() == tcell.KeyTab {
			truth.Log("busy", "", "tab")
			moved = true
		}
		return ev
	})
	// The frame drawn after a Tab shows the focus on the next item.
	app.SetBeforeDrawFunc(func(tcell.Screen) bool {
		if moved {
			moved = false
			tty.Arm(kind())
		}
		return false
	})
	if err := app.SetRoot(form, true).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
