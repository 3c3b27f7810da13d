// Package menu is a small bubbletea program for the examples: pick a
// fruit with the arrow keys (or the mouse wheel) and Enter. The tests run
// it through termtest.Main (main_test.go): no build step, and its
// coverage counts under go test -cover.
package menu

import (
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

type model struct {
	options []string
	cursor  int
	chosen  string
}

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch msg.String() {
		case "up", "k":
			m.cursor = max(m.cursor-1, 0)
		case "down", "j":
			m.cursor = min(m.cursor+1, len(m.options)-1)
		case "enter":
			m.chosen = m.options[m.cursor]
			return m, tea.Quit
		case "ctrl+c", "q":
			return m, tea.Quit
		}
	case tea.MouseMsg:
		if msg.Action == tea.MouseActionPress {
			switch msg.Button {
			case tea.MouseButtonWheelDown:
				m.cursor = min(m.cursor+1, len(m.options)-1)
			case tea.MouseButtonWheelUp:
				m.cursor = max(m.cursor-1, 0)
			}
		}
	}
	return m, nil
}

func (m model) View() string {
	if m.chosen != "" {
		return ""
	}
	s := "Pick a fruit:\n\n"
	for i, o := range m.options {
		if i == m.cursor {
			s += "\x1b[7m> " + o + "\x1b[m\n"
		} else {
			s += "  " + o + "\n"
		}
	}
	return s + "\n(↑/↓, enter)\n"
}

// Main runs the menu and returns the exit status.
func Main() int {
	p := tea.NewProgram(model{options: []string{"apple", "banana", "cherry"}}, tea.WithMouseCellMotion())
	m, err := p.Run()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if c := m.(model).chosen; c != "" {
		fmt.Println("you chose", c)
	}
	return 0
}
