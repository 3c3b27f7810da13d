// huh's Select and Confirm, one question each (argv[1]). "ready" is logged
// to $LOG right before the form runs and draws itself.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/huh"
)

func logf(ev string) {
	if p := os.Getenv("LOG"); p != "" {
		f, _ := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		fmt.Fprintf(f, "%d %s\n", time.Now().UnixNano(), ev)
		f.Close()
	}
}

func main() {
	var color string
	var ok bool
	var f *huh.Form
	switch os.Args[1] {
	case "select":
		f = huh.NewForm(huh.NewGroup(huh.NewSelect[string]().Title("Pick a color").Options(huh.NewOptions("red", "green", "blue")...).Value(&color)))
	case "confirm":
		f = huh.NewForm(huh.NewGroup(huh.NewConfirm().Title("Deploy now?").Affirmative("Yes").Negative("No").Value(&ok)))
	}
	logf("ready")
	if err := f.Run(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println("answer:", color, ok)
	time.Sleep(300 * time.Millisecond)
}
