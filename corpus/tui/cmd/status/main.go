// Command status is a query console on bubbletea: a bubbles textinput with
// its default blinking cursor, the results above it and a status bar below
// it. A query runs for 1.8 s of silent work while the input keeps its
// focus (the cursor blinks on) and the status bar says so; then the rows
// and the status bar's summary. "exit" quits.
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

type result struct {
	query string
	took  time.Duration
}

type model struct {
	out     *truth.Output
	input   textinput.Model
	lines   []string
	status  string
	running bool
}

func (m model) Init() tea.Cmd { return textinput.Blink }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		if m.running {
			return m, nil // the input keeps focus but takes nothing while a query runs
		}
		if msg.Type == tea.KeyEnter {
			q := m.input.Value()
			truth.Log("busy", "", q)
			if q == "exit" {
				return m, tea.Quit
			}
			m.input.Reset()
			m.running = true
			m.status = "● running: " + q
			start := time.Now()
			return m, tea.Tick(1800*time.Millisecond, func(time.Time) tea.Msg { return result{q, time.Since(start)} })
		}
	case result:
		m.running = false
		for i := 1; i <= 3; i++ {
			m.lines = append(m.lines, fmt.Sprintf("%d | %s", i, msg.query))
		}
		m.status = fmt.Sprintf("✓ 3 rows in %.1fs", msg.took.Seconds())
		m.out.Arm("main")
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m model) View() string {
	var b strings.Builder
	for _, l := range m.lines {
		b.WriteString(l + "\n")
	}
	b.WriteString(m.input.View() + "\n")
	b.WriteString("── " + m.status + " ── enter: run · ctrl+c: quit")
	return b.String()
}

func main() {
	out := truth.NewOutput()
	in := textinput.New()
	in.Prompt = "query> "
	in.Focus()
	out.Arm("main")
	m := model{out: out, input: in, status: "connected to corpus.db"}
	if _, err := tea.NewProgram(m, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
