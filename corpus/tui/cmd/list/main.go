// Command list is a package picker on bubbles list (title, status bar,
// paginated items, help line): enter installs the selected item with the
// list's own title spinner over 1.5 s of silent work, then shows a status
// message that the list clears by itself a second later, while the program
// waits for keys. "q" quits.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

type item string

func (i item) Title() string       { return string(i) }
func (i item) Description() string { return "the " + string(i) + " package" }
func (i item) FilterValue() string { return string(i) }

type installed struct{ name string }

type model struct {
	out  *truth.Output
	list list.Model
	busy bool
}

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.list.SetSize(msg.Width, msg.Height)
	case tea.KeyMsg:
		if m.busy && msg.Type != tea.KeyCtrlC {
			return m, nil
		}
		switch msg.String() {
		case "ctrl+c", "q":
			truth.Log("busy", "", "quit")
			return m, tea.Quit
		case "enter":
			it, _ := m.list.SelectedItem().(item)
			truth.Log("busy", "", string(it))
			m.busy = true
			return m, tea.Batch(m.list.StartSpinner(), tea.Tick(1500*time.Millisecond, func(time.Time) tea.Msg { return installed{string(it)} }))
		}
	case installed:
		m.busy = false
		m.list.StopSpinner()
		m.out.Arm("question")
		return m, m.list.NewStatusMessage("installed " + msg.name)
	}
	var cmd tea.Cmd
	m.list, cmd = m.list.Update(msg)
	return m, cmd
}

func (m model) View() string { return m.list.View() }

func main() {
	out := truth.NewOutput()
	var items []list.Item
	for _, s := range []string{"lipgloss", "bubbles", "huh", "glamour", "wish", "log", "harmonica", "termenv"} {
		items = append(items, item(s))
	}
	l := list.New(items, list.NewDefaultDelegate(), 100, 30)
	l.Title = "Packages"
	out.Arm("question")
	if _, err := tea.NewProgram(model{out: out, list: l}, tea.WithOutput(out), tea.WithAltScreen()).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
