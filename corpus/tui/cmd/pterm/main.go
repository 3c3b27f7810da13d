// Command pterm is a project generator on pterm's interactive printers,
// the way pterm's examples ask: a text input, a select ("> item", cursor
// hidden, fuzzy filter), a silent check announced by an info line, a
// multiselect with checkboxes, and a confirm ("[Y/n]").
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/pterm/pterm"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

func main() {
	out, err := truth.RedirectStdout()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer out.Close()
	// pterm took os.Stdout, the terminal, as its writer when it was
	// initialised: without this its printers bypass the pipe, and a ready
	// mark comes only when some other write passes it (a live run once had
	// none for the Confirm, which waited 15 s for its key).
	pterm.SetDefaultOutput(os.Stdout)
	ask := func(kind string, f func() (string, error)) string {
		out.Arm(kind)
		v, err := f()
		if err != nil {
			out.Close()
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		truth.Log("busy", "", v)
		return v
	}
	name := ask("text", func() (string, error) {
		return pterm.DefaultInteractiveTextInput.Show("Project name")
	})
	tmpl := ask("question", func() (string, error) {
		return pterm.DefaultInteractiveSelect.WithOptions([]string{"minimal", "web", "cli", "library"}).Show("Template")
	})
	pterm.Info.Println("Checking the template registry")
	time.Sleep(900 * time.Millisecond)
	feats := ask("question", func() (string, error) {
		v, err := pterm.DefaultInteractiveMultiselect.WithOptions([]string{"lint", "tests", "docker", "ci"}).Show("Features")
		return fmt.Sprint(v), err
	})
	ok := ask("question", func() (string, error) {
		v, err := pterm.DefaultInteractiveConfirm.Show("Create " + name + "?")
		return fmt.Sprint(v), err
	})
	pterm.Success.Printf("%s (%s, %s): %s\n", name, tmpl, feats, ok)
	truth.Log("exit", "", "")
}
