// Command goprompt is a SQL console on c-bata/go-prompt: `sql> ` with
// completion suggestions, and queries that run silently for a second.
// go-prompt reads standard input non-blocking and its loop polls it every
// 10 ms, so the program is never blocked on the terminal while it waits.
// Ground truth: the writer's Flush after the prompt is rendered.
package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	prompt "github.com/c-bata/go-prompt"
	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

// writer is go-prompt's own writer whose Flush logs ready once armed:
// everything a render wrote reaches the terminal in that Flush.
type writer struct {
	prompt.ConsoleWriter
	mu    sync.Mutex
	armed bool
}

func (w *writer) arm() { w.mu.Lock(); w.armed = true; w.mu.Unlock() }

func (w *writer) Flush() error {
	err := w.ConsoleWriter.Flush()
	w.mu.Lock()
	armed := w.armed
	w.armed = false
	w.mu.Unlock()
	if armed {
		truth.Log("ready", "main", "")
	}
	return err
}

func main() {
	w := &writer{ConsoleWriter: prompt.NewStdoutWriter(), armed: true}
	tables := []prompt.Suggest{{Text: "users", Description: "3 rows"}, {Text: "orders", Description: "12 rows"}}
	completer := func(d prompt.Document) []prompt.Suggest {
		word := d.GetWordBeforeCursor()
		if word == "" {
			return nil
		}
		return prompt.FilterHasPrefix(tables, word, true)
	}
	executor := func(q string) {
		truth.Log("busy", "", q)
		if strings.TrimSpace(q) == "exit" {
			truth.Log("exit", "", "")
			os.Exit(0)
		}
		time.Sleep(time.Second) // the query runs; nothing drawn
		fmt.Printf("(%d rows)\n", len(q)%5+1)
		w.arm()
	}
	prompt.New(executor, completer, prompt.OptionPrefix("sql> "), prompt.OptionWriter(w),
		prompt.OptionTitle("corpus sql")).Run()
}
