// Command survey is a set-up wizard on AlecAivazis/survey/v2 the way CLIs use
// it: an Input, a Select, a silent fetch announced by one line, a Password, a
// MultiSelect and a Confirm, each asked with survey.AskOne.
package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/AlecAivazis/survey/v2"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

func main() {
	out := truth.NewOutput()
	stdio := survey.WithStdio(os.Stdin, out, os.Stderr)
	// ask logs ready after the question's first frame reached the
	// terminal (the armed write) and busy when AskOne returns the answer.
	ask := func(kind string, p survey.Prompt, v any) {
		out.Arm(kind)
		if err := survey.AskOne(p, v, stdio); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		out.Disarm()
		truth.Log("busy", "", fmt.Sprint(v))
	}
	var name, template, token string
	var features []string
	var ok bool
	ask("text", &survey.Input{Message: "Project name:", Default: "demo"}, &name)
	ask("question", &survey.Select{Message: "Template:", Options: []string{"minimal", "web", "cli", "library"}}, &template)
	fmt.Fprintln(out, "Fetching template…")
	time.Sleep(1500 * time.Millisecond)
	ask("password", &survey.Password{Message: "Registry token:"}, &token)
	ask("question", &survey.MultiSelect{Message: "Features:", Options: []string{"lint", "tests", "docker", "ci"}}, &features)
	ask("question", &survey.Confirm{Message: "Create " + name + "?"}, &ok)
	fmt.Fprintf(out, "created %s (%s; %s)\n", name, template, strings.Join(features, ", "))
	truth.Log("exit", "", "")
}
