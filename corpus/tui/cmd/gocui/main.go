// Command gocui is a task list on jroimartin/gocui (termbox-go): a list
// view whose selected line is highlighted (no glyph, the cursor hidden), a
// details view beside it, and on Enter a popup "Mark … done? (y/n)" that y
// or n closes. Every key is handled at once (no work between frames): its
// ground truth comes from strace of all its threads, since termbox writes
// to a /dev/tty of its own that the program cannot wrap.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/jroimartin/gocui"
)

type binding struct {
	view string
	key  any
	h    func(*gocui.Gui, *gocui.View) error
}

var tasks = []string{"write the release notes", "tag v1.4.2", "update the changelog", "announce the release"}

func main() {
	g, err := gocui.NewGui(gocui.OutputNormal)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer g.Close()
	g.Highlight = true
	g.SelFgColor = gocui.ColorGreen
	g.SetManagerFunc(layout)
	done := map[int]bool{}
	selected := func(v *gocui.View) int { _, y := v.Cursor(); return y }
	keys := []binding{
		{"", gocui.KeyCtrlC, quit},
		{"list", 'q', quit},
		{"list", gocui.KeyArrowDown, func(g *gocui.Gui, v *gocui.View) error {
			if selected(v) < len(tasks)-1 {
				v.MoveCursor(0, 1, false)
			}
			return details(g, selected(v), done)
		}},
		{"list", gocui.KeyArrowUp, func(g *gocui.Gui, v *gocui.View) error {
			v.MoveCursor(0, -1, false)
			return details(g, selected(v), done)
		}},
		{"list", gocui.KeyEnter, func(g *gocui.Gui, v *gocui.View) error {
			maxX, maxY := g.Size()
			p, err := g.SetView("popup", maxX/2-25, maxY/2-1, maxX/2+25, maxY/2+1)
			if err != nil && !errors.Is(err, gocui.ErrUnknownView) {
				return err
			}
			p.Clear()
			fmt.Fprintf(p, " Mark %q done? (y/n)", tasks[selected(v)])
			_, err = g.SetCurrentView("popup")
			return err
		}},
	}
	answer := func(yes bool) func(*gocui.Gui, *gocui.View) error {
		return func(g *gocui.Gui, _ *gocui.View) error {
			list, _ := g.View("list")
			if yes {
				done[selected(list)] = true
			}
			if err := g.DeleteView("popup"); err != nil {
				return err
			}
			if _, err := g.SetCurrentView("list"); err != nil {
				return err
			}
			return details(g, selected(list), done)
		}
	}
	keys = append(keys, binding{"popup", 'y', answer(true)}, binding{"popup", 'n', answer(false)})
	for _, k := range keys {
		if err := g.SetKeybinding(k.view, k.key, gocui.ModNone, k.h); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if err := g.MainLoop(); err != nil && !errors.Is(err, gocui.ErrQuit) {
		g.Close()
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func layout(g *gocui.Gui) error {
	maxX, maxY := g.Size()
	if v, err := g.SetView("list", 0, 0, maxX/2-1, maxY-1); err != nil {
		if !errors.Is(err, gocui.ErrUnknownView) {
			return err
		}
		v.Title = "release tasks"
		v.Highlight = true
		v.SelBgColor = gocui.ColorGreen
		v.SelFgColor = gocui.ColorBlack
		for _, t := range tasks {
			fmt.Fprintln(v, t)
		}
		if _, err := g.SetCurrentView("list"); err != nil {
			return err
		}
	}
	if v, err := g.SetView("details", maxX/2, 0, maxX-1, maxY-1); err != nil {
		if !errors.Is(err, gocui.ErrUnknownView) {
			return err
		}
		v.Title = "details"
		fmt.Fprintf(v, "%s\nstatus: open", tasks[0])
	}
	return nil
}

func details(g *gocui.Gui, i int, done map[int]bool) error {
	v, err := g.View("details")
	if err != nil {
		return err
	}
	v.Clear()
	status := "open"
	if done[i] {
		status = "done"
	}
	fmt.Fprintf(v, "%s\nstatus: %s", tasks[i], status)
	return nil
}

func quit(*gocui.Gui, *gocui.View) error { return gocui.ErrQuit }
