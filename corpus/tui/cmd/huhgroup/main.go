// Command huhgroup is a set-up form on huh with all its fields in one
// group, drawn at once: two Inputs, a Select and a Confirm; Enter moves
// the focus to the next field, as huh forms with several fields do. The
// form runs as a model inside the program's own bubbletea program (huh's
// documented embedding); each move of the focus is a turn, ready when the
// frame with the next field focused is written, of that field's kind.
package main

import (
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

type model struct {
	out     *truth.Output
	form    *huh.Form
	choices int // the Select's options, all drawn (fewer than its height)
}

// kind is what f asks for, for the hook: a question names the choices
// it draws.
func (m model) kind(f huh.Field) string {
	switch f.(type) {
	case *huh.Input:
		return "text"
	case *huh.Select[string]:
		return fmt.Sprintf("question:%d", m.choices)
	case *huh.Confirm:
		return "question:2" // its Affirmative and Negative buttons (huh's Yes and No)
	}
	return "question"
}

func (m model) Init() tea.Cmd { return m.form.Init() }

// Update arms the hook when the focus has moved. Enter does not move it
// in the Update that takes the key: the field answers with a command
// (huh.NextField), and the focus moves in the Update of its message.
func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	key, isKey := msg.(tea.KeyMsg)
	if isKey && (key.Type == tea.KeyEnter || key.Type == tea.KeyTab) {
		truth.Log("busy", "", key.String())
	}
	before := m.form.GetFocusedField()
	f, cmd := m.form.Update(msg)
	m.form = f.(*huh.Form)
	switch now := m.form.GetFocusedField(); {
	case m.form.State == huh.StateCompleted:
		return m, tea.Quit
	case now != before:
		m.out.Arm(m.kind(now))
	}
	return m, cmd
}

func (m model) View() string {
	if m.form.State == huh.StateCompleted {
		return ""
	}
	return m.form.View()
}

func main() {
	out := truth.NewOutput()
	var name, dir, license string
	var git bool
	licenses := huh.NewOptions("MIT", "Apache-2.0", "GPL-3.0")
	form := huh.NewForm(huh.NewGroup(
		huh.NewInput().Title("Project name").Value(&name),
		huh.NewInput().Title("Directory").Placeholder("./").Value(&dir),
		huh.NewSelect[string]().Title("License").Options(licenses...).Value(&license),
		huh.NewConfirm().Title("Initialise a git repository?").Value(&git),
	))
	out.Arm("text")
	if _, err := tea.NewProgram(model{out: out, form: form, choices: len(licenses)}, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("created %s in %s (%s, git %v)\n", name, dir, license, git)
	truth.Log("exit", "", "")
}
