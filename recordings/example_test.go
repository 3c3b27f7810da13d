package recordings_test

import (
	"fmt"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
)

// Replay a recording on a virtual clock and print the readiness timeline:
// a shell with OSC 133 marks, two commands typed at its prompt.
func ExampleReplay() {
	cast, err := asciicast.ReadFile("testdata/corpus/osc133.cast")
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := recordings.Replay(cast)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rep.Close()
	for _, tr := range rep.Run() {
		fmt.Printf("%6.3fs %-8s %s\n", tr.Time.Sub(rep.Start()).Seconds(), tr.State, tr.Signal)
	}
	fmt.Println(rep.Snapshot().Line(-1))
	// Output:
	//  0.000s starting output
	//  0.024s ready    protocol
	//  0.024s busy     input
	//  0.024s ready    protocol
	//  0.024s busy     input
	//  0.025s ready    protocol
	//  0.025s busy     input
	//  0.025s ready    protocol
	//  0.025s busy     input
	//  1.026s ready    protocol
	//  1.028s exited   exit
	// >
}
