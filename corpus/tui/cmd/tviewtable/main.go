// Command tviewtable is a file browser on tview: a Table of files with
// selectable rows (the selected row highlighted, no glyph) and, on Enter,
// a page with the file's contents, read after a short silent load; q goes
// back to the table, a second q on the table quits.
package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"
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
	files := []string{"README.md", "main.go", "go.mod", "Makefile", "LICENSE"}
	table := tview.NewTable().SetSelectable(true, false).SetFixed(1, 0)
	for c, h := range []string{"name", "size", "modified"} {
		table.SetCell(0, c, tview.NewTableCell(h).SetSelectable(false).SetTextColor(tcell.ColorYellow))
	}
	for r, f := range files {
		table.SetCell(r+1, 0, tview.NewTableCell(f))
		table.SetCell(r+1, 1, tview.NewTableCell(fmt.Sprintf("%d B", 120*(r+3))))
		table.SetCell(r+1, 2, tview.NewTableCell("2026-11-2"+fmt.Sprint(r)))
	}
	table.Select(1, 0)
	view := tview.NewTextView()
	view.SetBorder(true)
	loading := false
	table.SetSelectedFunc(func(row, _ int) {
		name := files[row-1]
		truth.Log("busy", "", name)
		loading = true
		view.SetTitle(" " + name + " (q: back) ").SetBorder(true)
		view.SetText("")
		pages.SwitchToPage("view")
		go func() {
			time.Sleep(700 * time.Millisecond) // reads the file, silently
			app.QueueUpdateDraw(func() {
				view.SetText(strings.Repeat("line of "+name+"\n", 12))
				loading = false
				tty.Arm("main")
			})
		}()
	})
	app.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if loading {
			return nil
		}
		if ev.Rune() == 'q' {
			truth.Log("busy", "", "q")
			if name, _ := pages.GetFrontPage(); name == "view" {
				pages.SwitchToPage("table")
				tty.Arm("question")
				return nil
			}
			app.Stop()
			return nil
		}
		return ev
	})
	pages.AddPage("table", table, true, true).AddPage("view", view, true, false)
	if err := app.SetRoot(pages, true).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
