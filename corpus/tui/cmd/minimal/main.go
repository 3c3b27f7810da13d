// Command minimal is the smallest kind of bubbletea app: no prompt glyph,
// no text input, a few lines of text and keys to act on (the shape of
// bubbletea's own tutorials). Space fetches the next quote (a silent
// command of 0.6 s, the view says "fetching…"); q quits.
package main

import (
	"fmt"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

var quotes = []string{"Simplicity is prerequisite for reliability.", "Make it work, make it right, make it fast.", "Less is more."}

type fetched int

type model struct {
	out      *truth.Output
	n        int
	fetching bool
}

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if m.fetching {
			return m, nil
		}
		switch msg.String() {
		case "q", "ctrl+c":
			truth.Log("busy", "", "q")
			return m, tea.Quit
		case " ":
			truth.Log("busy", "", "space")
			m.fetching = true
			return m, func() tea.Msg { time.Sleep(600 * time.Millisecond); return fetched(m.n + 1) }
		}
	case fetched:
		m.n, m.fetching = int(msg), false
		m.out.Arm("main")
	}
	return m, nil
}

func (m model) View() string {
	q := quotes[m.n%len(quotes)]
	if m.fetching {
		q = "fetching…"
	}
	return fmt.Sprintf("Quote %d\n\n  %s\n\nspace: next quote · q: quit\n", m.n+1, q)
}

func main() {
	out := truth.NewOutput()
	out.Arm("main")
	if _, err := tea.NewProgram(model{out: out}, tea.WithOutput(out)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	truth.Log("exit", "", "")
}
