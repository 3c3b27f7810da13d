// Command titlespin is a bubbletea chat whose only busy indicator is a
// spinner in the terminal's title (tea.SetWindowTitle every 100 ms): the
// screen keeps the input line, with its prompt, unchanged while it works
// for 1.5 s; then the answer and the title back to the program's name.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

type answered string

type model struct {
	out     *truth.Output
	input   textinput.Model
	spin    spinner.Model
	lines   []string
	working bool
}

func (m model) Init() tea.Cmd { return tea.SetWindowTitle("corpus chat") }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		if m.working {
			return m, nil
		}
		if msg.Type == tea.KeyEnter {
			q := m.input.Value()
			truth.Log("busy", "", q)
			if q == "exit" {
				return m, tea.Quit
			}
			m.input.Reset()
			m.lines = append(m.lines, "> "+q)
			m.working = true
			return m, tea.Batch(m.spin.Tick, tea.Tick(1500*time.Millisecond, func(time.Time) tea.Msg { return answered(q) }))
		}
	case spinner.TickMsg:
		if !m.working {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, tea.Batch(cmd, tea.SetWindowTitle(m.spin.View()+" corpus chat: thinking"))
	case answered:
		m.working = false
		m.lines = append(m.lines, fmt.Sprintf("answer: %d characters", len(msg)))
		m.out.Arm("main")
		return m, tea.SetWindowTitle("corpus chat")
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m model) View() string {
	s := ""
	for _, l := range m.lines {
		s += l + "\n"
	}
	return s + m.input.View() + "\n"
}

func main() {
	out := truth.NewOutput()
	in := textinput.New()
	in.Focus()
	in.Cursor.SetMode(0) // cursor.CursorBlink, the default
	out.Arm("main")
	sp := spinner.New(spinner.WithSpinner(spinner.Line))
	if _, err := tea.NewProgram(model{out: out, input: in, spin: sp}, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
