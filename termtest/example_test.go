package termtest_test

import (
	"context"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/expect"
	"github.com/ttyrig/ttyrig/termtest"
)

// Outside tests, Start returns a Terminal whose verbs take a context and
// return errors: TypeContext, ExpectScreenContext, ... Actions wait until
// the program is ready for input, so no WaitForReadyContext is needed
// before them.
func ExampleStart() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	term, err := termtest.Start(ctx, []string{"bash", "--norc", "--noprofile"},
		termtest.WithEnv("PS1=$ ", "HISTFILE="), termtest.WithSize(40, 5))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer term.Close()

	if err := term.TypeContext(ctx, "echo hello\n"); err != nil {
		fmt.Println(err)
		return
	}
	if err := term.ExpectScreenContext(ctx, expect.Contains("\nhello\n$ ")); err != nil {
		fmt.Println(err)
		return
	}
	snap := term.Snapshot()
	fmt.Println("cursor at", snap.Cursor())
	fmt.Println(snap.Text())
	// Output:
	// cursor at 3,3
	// $ echo hello
	// hello
	// $
}

// Conditions are values: they narrow to a line and can be negated; a
// negated one waits until the text is gone. Without a deadline in ctx, the
// terminal's timeout (WithTimeout, default 10 s) bounds every wait.
func Example_conditions() {
	term, err := termtest.Start(context.Background(), []string{"bash", "--norc", "--noprofile", "-c",
		`printf 'loading…'; sleep 0.2; printf '\r\033[Kdone\n> '; sleep 10`}, termtest.WithTimeout(5*time.Second))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer term.Close()

	ctx := context.Background()
	for _, e := range []expect.Condition{
		expect.Contains("loading"),
		expect.Not(expect.Contains("loading")),
		expect.Line(1).Equals("done"),
		expect.Line(-1).Equals("> "),
		expect.CursorAt(2, 3),
	} {
		if err := expect.Wait(ctx, term, e); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("ok:", e)
	}
	// Output:
	// ok: the screen contains "loading"
	// ok: the screen does not contain "loading"
	// ok: line 1 equals "done"
	// ok: line -1 equals "> "
	// ok: the cursor is at 2,3
}
