package termtest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// A failed style expectation shows the screen's styles, not only its
// text (issue 23: a Highlighted() failure showed a screen on which nothing
// looked wrong).
func TestStyleFailureShowsStyles(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term, err := termtest.Start(ctx, []string{"sh", "-c", `printf '\033[7m> apple\033[0m\n  banana \033[38;5;240m(hint)\033[0m\n'; sleep 300`})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	if err := expect.Wait(ctx, term, expect.Contains("(hint)")); err != nil {
		t.Fatal(err)
	}
	short, stop := context.WithTimeout(ctx, 300*time.Millisecond)
	defer stop()
	err = expect.Wait(short, term, expect.Text("banana").Highlighted())
	if err == nil {
		t.Fatal("banana is not highlighted, yet the expectation held")
	}
	for _, want := range []string{`1: "> apple": reverse`, `2: "(hint)": fg=color(240)`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the failure does not show %q:\n%v", want, err)
		}
	}
}
