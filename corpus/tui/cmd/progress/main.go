// Command progress is a downloader on bubbletea: a bubbles textinput asks
// for a URL, then an animated bubbles progress bar (spring-animated, its
// own frame messages) fills in chunks with stalls of up to 1.6 s between
// them, then the input again. "exit" quits.
package main

import (
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/bubbles/progress"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

var stalls = []time.Duration{100, 600, 100, 1600, 200, 900}

type chunk int

type model struct {
	out   *truth.Output
	input textinput.Model
	bar   progress.Model
	url   string
	done  []string
	n     int
	busy  bool
}

func next(i int) tea.Cmd {
	return tea.Tick(stalls[i]*time.Millisecond, func(time.Time) tea.Msg { return chunk(i + 1) })
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
			m.url = m.input.Value()
			truth.Log("busy", "", m.url)
			if m.url == "exit" {
				return m, tea.Quit
			}
			m.input.Reset()
			m.input.Blur()
			m.busy, m.n = true, 0
			return m, tea.Batch(m.bar.SetPercent(0), next(0))
		}
	case chunk:
		m.n = int(msg)
		cmd := m.bar.SetPercent(float64(m.n) / float64(len(stalls)))
		if m.n < len(stalls) {
			return m, tea.Batch(cmd, next(m.n))
		}
		m.busy = false
		m.done = append(m.done, "saved "+m.url)
		m.out.Arm("main")
		return m, m.input.Focus()
	case progress.FrameMsg:
		pm, cmd := m.bar.Update(msg)
		m.bar = pm.(progress.Model)
		return m, cmd
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

func (m model) View() string {
	s := ""
	for _, d := range m.done {
		s += d + "\n"
	}
	if m.busy {
		return s + "downloading " + m.url + "\n" + m.bar.View() + "\n"
	}
	return s + m.input.View() + "\n"
}

func main() {
	out := truth.NewOutput()
	in := textinput.New()
	in.Prompt = "url> "
	in.Focus()
	out.Arm("main")
	m := model{out: out, input: in, bar: progress.New(progress.WithDefaultGradient(), progress.WithWidth(60))}
	if _, err := tea.NewProgram(m, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
