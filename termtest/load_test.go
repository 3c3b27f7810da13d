package termtest_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/termtest"
)

// loadScale returns n, or full when TTYRIG_LOAD is set: the load tests run
// small in make test and at the size in make load.
func loadScale(n, full int) int {
	if os.Getenv("TTYRIG_LOAD") != "" {
		return full
	}
	return n
}

// Many shells at once, each given many lines by Submit, on a machine busier
// than it has cores: every Submit must say yes (the shell ran each line),
// and none may press Enter twice. The shell's own account decides: each
// prompt appends "P" to a file and each line appends its name, so a line
// run twice or an Enter pressed again after the line was taken (an empty
// line: one more prompt) shows in the file, whatever Submit said.
func TestSubmitUnderLoad(t *testing.T) {
	need(t, "bash")
	terms, lines := loadScale(16, 64), loadScale(5, 20)
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]error, terms)
	for i := range terms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = submitLines(filepath.Join(dir, strconv.Itoa(i)), lines)

		}()
	}
	wg.Wait()
	failed := 0
	for i, err := range errs {
		if err != nil {
			failed++
			t.Errorf("terminal %d of %d: %v", i, terms, err)
		}
	}
	t.Logf("%d terminals × %d Submits: %d failed", terms, lines, failed)
}

// submitLines runs bash, submits lines lines and checks the shell's
// account of them in the file log.
func submitLines(log string, lines int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	term, err := termtest.Start(ctx, []string{"bash", "--norc", "--noprofile"},
		termtest.WithEnv("PS1=$ ", "HISTFILE=/dev/null", "PROMPT_COMMAND=echo P >> "+log),
		termtest.WithTimeout(time.Minute))
	if err != nil {
		return err
	}
	defer term.Close()
	var want []string
	want = append(want, "P")
	for j := range lines {
		name := fmt.Sprintf("L%d", j)
		if err := term.SubmitContext(ctx, "echo "+name+" >> "+log); err != nil {
			return fmt.Errorf("Submit %d: %w", j, err)
		}
		want = append(want, name, "P")
	}
	if _, err := term.WaitForReadyContext(ctx); err != nil {
		return err
	}
	b, err := os.ReadFile(log)
	if err != nil {
		return err
	}
	got := strings.Fields(string(b))
	if strings.Join(got, " ") != strings.Join(want, " ") {
		return fmt.Errorf("the shell's account of its prompts (P) and lines (Ln):\n got %q\nwant %q (a line twice is a duplicate; a P more, Enter pressed again)\n%s", got, want, term.Describe())
	}
	return nil
}
