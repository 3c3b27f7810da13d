// A bubbletea textinput with its default blinking cursor: the program the
// issue says is never ready. It logs "ready" (its own render hook: the
// first View after Init and after each Enter) to $LOG.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

type model struct {
	ti    textinput.Model
	lines []string
	busy  bool
}

type done struct{}

func (m model) Init() tea.Cmd { return textinput.Blink }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch msg.Type {
		case tea.KeyCtrlC, tea.KeyEsc:
			return m, tea.Quit
		case tea.KeyEnter:
			m.lines = append(m.lines, "you said: "+m.ti.Value())
			m.ti.SetValue("")
			m.busy = true
			return m, tea.Tick(300*time.Millisecond, func(time.Time) tea.Msg { return done{} })
		}
	case done:
		m.busy = false
		pendingReady = true
	}
	var cmd tea.Cmd
	m.ti, cmd = m.ti.Update(msg)
	return m, cmd
}

// pendingReady: the next View with the input drawn is the ready moment (the
// renderer writes it right after).
var pendingReady = true

func (m model) View() string {
	s := ""
	for _, l := range m.lines {
		s += l + "\n"
	}
	if m.busy {
		return s + "working\n"
	}
	if pendingReady {
		pendingReady = false
		logf("ready")
	}
	return s + m.ti.View() + "\n"
}

func logf(ev string) {
	if p := os.Getenv("LOG"); p != "" {
		f, _ := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		fmt.Fprintf(f, "%d %s\n", time.Now().UnixNano(), ev)
		f.Close()
	}
}

func main() {
	ti := textinput.New()
	ti.Placeholder = "type here"
	ti.Focus()
	if _, err := tea.NewProgram(model{ti: ti}).Run(); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
}
