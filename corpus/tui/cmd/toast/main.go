// Command toast is a note taker on bubbletea: a bubbles textinput with its
// default blinking cursor, the notes above it, and a status bar below it
// that flashes "✓ saved …" when a note is stored (after 400 ms of silent
// work) and clears the flash a second later by itself, while the program
// waits for the next note (bubbles list's status messages, lazygit's and
// k9s's flashes do the same). "exit" quits.
package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

type saved struct{ note string }
type expired struct{ n int }

type model struct {
	out    *truth.Output
	input  textinput.Model
	notes  []string
	flash  string
	flashN int
	saving bool
}

func (m model) Init() tea.Cmd { return textinput.Blink }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		if m.saving {
			return m, nil
		}
		if msg.Type == tea.KeyEnter {
			note := m.input.Value()
			truth.Log("busy", "", note)
			if note == "exit" {
				return m, tea.Quit
			}
			m.input.Reset()
			m.saving = true
			return m, tea.Tick(400*time.Millisecond, func(time.Time) tea.Msg { return saved{note} })
		}
	case saved:
		m.saving = false
		m.notes = append(m.notes, "• "+msg.note)
		m.flashN++
		m.flash = fmt.Sprintf("✓ saved note %d", len(m.notes))
		m.out.Arm("main")
		n := m.flashN
		return m, tea.Tick(time.Second, func(time.Time) tea.Msg { return expired{n} })
	case expired:
		if msg.n == m.flashN {
			m.flash = ""
		}
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m model) View() string {
	var b strings.Builder
	for _, n := range m.notes {
		b.WriteString(n + "\n")
	}
	b.WriteString(m.input.View() + "\n")
	status := fmt.Sprintf("%d notes · enter: save · ctrl+c: quit", len(m.notes))
	if m.flash != "" {
		status = m.flash
	}
	b.WriteString("── " + status)
	return b.String()
}

func main() {
	out := truth.NewOutput()
	in := textinput.New()
	in.Prompt = "note> "
	in.Focus()
	out.Arm("main")
	if _, err := tea.NewProgram(model{out: out, input: in}, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
