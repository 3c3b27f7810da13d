package termtest_test

import (
	"context"
	"fmt"
	"time"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/termtest"
)

// A profile learnt by ttyrig calibrate --learn is a JSON file: name it with
// WithProfileFile("NAME.json"), or load it, adjust it in code and pass it
// with WithProfile.
func ExampleWithProfile() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := ready.LoadProfile("../recordings/agents/codex.learnt.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Quiet = ready.Duration(200 * time.Millisecond) // more margin on a slow CI machine
	term, err := termtest.Start(ctx, []string{"sh", "-c", "printf 'name> '; read name; echo hi $name"},
		termtest.WithProfile(p))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer term.Close()
	tr, err := term.WaitForReadyContext(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(term.Profile().Name, tr.State)
	// Output: codex-learnt ready
}
