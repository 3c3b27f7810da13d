// Command promptui is a deploy CLI on manifoldco/promptui: a Select of
// environments (arrow keys, cursor hidden), a validated Prompt, a masked
// Prompt, a silent deploy announced by one line, and an IsConfirm Prompt.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/manifoldco/promptui"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

// noClose keeps promptui's readline from closing the process's stdout
// when a prompt ends.
type noClose struct{ *truth.Output }

func (noClose) Close() error { return nil }

func main() {
	out := truth.NewOutput()
	var stdout io.WriteCloser = noClose{out}
	run := func(kind string, f func() (string, error)) string {
		out.Arm(kind)
		v, err := f()
		out.Disarm()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		truth.Log("busy", "", v)
		return v
	}
	env := run("question", func() (string, error) {
		_, v, err := (&promptui.Select{Label: "Environment", Items: []string{"staging", "production", "preview"}, Stdout: stdout}).Run()
		return v, err
	})
	run("text", func() (string, error) {
		return (&promptui.Prompt{Label: "Replicas", Default: "2", Stdout: stdout, Validate: func(s string) error {
			if s == "" || s[0] < '0' || s[0] > '9' {
				return errors.New("a number")
			}
			return nil
		}}).Run()
	})
	run("password", func() (string, error) {
		return (&promptui.Prompt{Label: "Deploy key", Mask: '*', Stdout: stdout}).Run()
	})
	fmt.Fprintf(out, "Deploying to %s...\n", env)
	time.Sleep(1800 * time.Millisecond)
	fmt.Fprintln(out, "deployed")
	run("question", func() (string, error) {
		v, err := (&promptui.Prompt{Label: "Tail the logs", IsConfirm: true, Stdout: stdout}).Run()
		if errors.Is(err, promptui.ErrAbort) {
			return "n", nil
		}
		return v, err
	})
	truth.Log("exit", "", "")
}
