package ready_test

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/ttyrig/ttyrig/ready"
	"github.com/ttyrig/ttyrig/screen"
)

// The engine is fed events with the screen after each and asked again at
// its deadline; it never reads the clock itself.
func ExampleEngine() {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	scr := screen.New(80, 24)
	defer scr.Close()
	eng, _ := ready.NewEngine(ready.Generic())

	out := []byte("welcome\r\n$ ")
	ch := scr.WriteAt(t0, out)
	eng.Observe(ready.Event{Time: t0, Kind: ready.Output, Data: out, Screen: scr.Snapshot(), Changes: ch})
	fmt.Println(eng.Current().State)

	deadline, _ := eng.Deadline()
	eng.Tick(deadline)
	tr := eng.Current()
	fmt.Println(tr.State, tr.Signal, tr.Time.Sub(t0))
	// Output:
	// starting
	// ready cursor 150ms
}

// A runtime's quirks are optional signals its profile selects by name, with
// their parameters as data: here, a program that draws its prompt before it
// accepts input, until its banner is on screen.
func ExampleProfile_signals() {
	p := ready.Generic()
	p.Name = "slowstart"
	p.Signals = append(p.Signals, ready.SignalSpec{Name: "startup",
		Markers: []ready.Marker{{Name: "banner", Pattern: `^MyTool v\d`, Region: ready.WholeScreen}}})
	if _, err := ready.NewEngine(p); err != nil {
		fmt.Println(err)
	}
	names := slices.Sorted(maps.Keys(ready.Signals()))
	fmt.Println(names)
	// Output:
	// [answer-ticked busy-gone notify restart startup]
}
