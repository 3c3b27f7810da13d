// Command tviewstatus is a deploy console on tview: a header, a List of
// actions (the selected one highlighted, no glyph), a log, and one status
// line at the bottom. Choosing a deploy shows "checking production…" in
// the status line, with no animation, while it works silently for about a
// second, then the result; the list keeps its highlight throughout. Keys
// are ignored while it works, as such consoles do.
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
	screen, tty, err := tcelltruth.Screen("question")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	app := tview.NewApplication().SetScreen(screen)
	header := tview.NewTextView().SetText(" deployer · 3 environments")
	logView := tview.NewTextView().SetText("last deploy: yesterday")
	status := tview.NewTextView().SetText("ready")
	list := tview.NewList().ShowSecondaryText(false)
	working := false
	deploy := func(env string) {
		truth.Log("busy", "", env)
		working = true
		status.SetText("checking " + env + "…")
		go func() {
			time.Sleep(time.Second) // health checks, no output
			app.QueueUpdateDraw(func() {
				fmt.Fprintf(logView, "\n%s: 3 services healthy, deployed v1.4.2", env)
				status.SetText(env + " deployed")
				working = false
				tty.Arm("question")
			})
		}()
	}
	list.AddItem("deploy production", "", 0, func() { deploy("production") }).
		AddItem("deploy staging", "", 0, func() { deploy("staging") }).
		AddItem("quit", "", 0, func() { truth.Log("busy", "", "quit"); app.Stop() })
	app.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if working {
			return nil
		}
		return ev
	})
	flex := tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(header, 1, 0, false).
		AddItem(list, 5, 0, true).
		AddItem(logView, 0, 1, false).
		AddItem(status, 1, 0, false)
	if err := app.SetRoot(flex, true).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
