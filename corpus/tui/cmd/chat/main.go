// Command chat is an agent-like chat on bubbletea: a bubbles textinput with
// its default blinking cursor, a history above it, and per turn a bubbles
// spinner for 1.5 s of work before the answer. "exit" quits.
package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

type done struct{ answer string }

type model struct {
	out     *truth.Output
	input   textinput.Model
	spin    spinner.Model
	history []string
	busy    bool
}

func (m model) Init() tea.Cmd { return textinput.Blink }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
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
			m.history = append(m.history, "> "+line)
			m.input.Reset()
			m.input.Blur()
			m.busy = true
			return m, tea.Batch(m.spin.Tick, tea.Tick(1500*time.Millisecond, func(time.Time) tea.Msg {
				return done{fmt.Sprintf("answer: %d characters", len(line))}
			}))
		}
	case done:
		m.history = append(m.history, msg.answer)
		m.busy = false
		m.out.Arm("main")
		return m, m.input.Focus()
	case spinner.TickMsg:
		if !m.busy {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m model) View() string {
	var b strings.Builder
	for _, h := range m.history {
		b.WriteString(h + "\n")
	}
	if m.busy {
		b.WriteString(m.spin.View() + " Working…\n")
	} else {
		b.WriteString("\n")
	}
	b.WriteString(m.input.View() + "\n")
	b.WriteString("enter: send · ctrl+c: quit")
	return b.String()
}

func main() {
	out := truth.NewOutput()
	in := textinput.New()
	in.Placeholder = "Ask anything"
	in.Focus()
	out.Arm("main")
	m := model{out: out, input: in, spin: spinner.New(spinner.WithSpinner(spinner.Dot))}
	if _, err := tea.NewProgram(m, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
