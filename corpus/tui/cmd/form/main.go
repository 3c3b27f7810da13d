// Command form asks its questions with huh, one form per question as CLIs
// built on huh (and gum) do: an Input, a Select, silent work, a Confirm.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/huh"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

func ask(out *truth.Output, kind string, f huh.Field, value func() string) {
	out.Arm(kind)
	if err := huh.NewForm(huh.NewGroup(f)).WithOutput(out).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out.Disarm()
	truth.Log("busy", "", value())
}

func main() {
	out := truth.NewOutput()
	var name, lang string
	var ok bool
	ask(out, "text", huh.NewInput().Title("What's your name?").Value(&name), func() string { return name })
	ask(out, "question", huh.NewSelect[string]().Title("Favourite language").
		Options(huh.NewOptions("Go", "Python", "TypeScript", "Rust")...).Value(&lang), func() string { return lang })
	fmt.Println("Saving preferences…")
	time.Sleep(1200 * time.Millisecond)
	ask(out, "question", huh.NewConfirm().Title("Send anonymous stats?").Value(&ok), func() string { return fmt.Sprint(ok) })
	fmt.Printf("bye %s (%s, %v)\n", name, lang, ok)
	truth.Log("exit", "", "")
}
