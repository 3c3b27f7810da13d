package ready

import (
	"time"

	"github.com/ttyrig/ttyrig/kernel"

	"github.com/ttyrig/ttyrig/screen"
)

// EventKind says what happened to the terminal.
type EventKind int

// The events the engine is fed.
const (
	Output EventKind = iota // the program wrote Data
	Input                   // Data was sent to the program
	Resize                  // the terminal was resized
	Exit                    // the program ended with Code
	Kernel                  // the kernel's view of the terminal, in Kernel (package kernel)
)

func (k EventKind) String() string {
	switch k {
	case Output:
		return "output"
	case Input:
		return "input"
	case Resize:
		return "resize"
	case Exit:
		return "exit"
	case Kernel:
		return "kernel"
	}
	return "unknown"
}

// Event is one timestamped thing that happened to a terminal, with the
// screen as it was right after it.
type Event struct {
	Time   time.Time
	Kind   EventKind
	Data   []byte          // the bytes written (Output) or sent (Input)
	Code   int             // exit status, for Exit
	Kernel kernel.View     // what the kernel says, for Kernel
	Screen screen.Snapshot // the screen after the event

	// Changes is what screen.Screen.WriteAt reported for Output: the rows
	// it changed and the protocol marks (OSC 133, 9;4, 7501, notifications,
	// BEL, terminal queries) its parser saw. The engine reads protocols
	// from here, never from Data.
	Changes screen.Changes
}
