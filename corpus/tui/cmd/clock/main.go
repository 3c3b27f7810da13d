// Command clock is a bubbletea input line (cursor not blinking) with a
// footer clock that ticks every second, like an agent's elapsed-time footer
// or a status bar. Each submitted line takes 1 s of silent work (the clock
// keeps ticking). "exit" quits.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

type tick time.Time
type done struct{}

type model struct {
	out   *truth.Output
	input textinput.Model
	start time.Time
	now   time.Time
	busy  bool
	last  string
}

func every() tea.Cmd { return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tick(t) }) }

func (m model) Init() tea.Cmd { return every() }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tick:
		m.now = time.Time(msg)
		return m, every()
	case done:
		m.busy = false
		m.out.Arm("main")
		return m, nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		if m.busy {
			return m, nil
		}
		if msg.Type == tea.KeyEnter {
			line := m.input.Value()
			truth.Log("busy", "", line)
			if line == "exit" {
				return m, tea.Quit
			}
			m.last, m.busy = line, true
			m.input.Reset()
			return m, tea.Tick(time.Second, func(time.Time) tea.Msg { return done{} })
		}
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m model) View() string {
	status := "ready"
	if m.busy {
		status = "running " + m.last
	}
	return fmt.Sprintf("%s\n\n─ %s · %s elapsed", m.input.View(), status, m.now.Sub(m.start).Truncate(time.Second))
}

func main() {
	out := truth.NewOutput()
	in := textinput.New()
	in.Prompt = "❯ "
	in.Cursor.SetMode(cursor.CursorStatic)
	in.Focus()
	out.Arm("main")
	now := time.Now()
	if _, err := tea.NewProgram(model{out: out, input: in, start: now, now: now}, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
