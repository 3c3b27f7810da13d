package recordings_test

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/ttyrig/ttyrig/recordings"
)

// Replay a recording on a virtual clock and print the readiness timeline:
// a shell with OSC 133 marks, two commands typed at its prompt.
func ExampleReplay() {
	cast, err := recordings.ReadFile("testdata/corpus/osc133.cast")
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

// Write a recording and read it back.
func ExampleCreate() {
	path := filepath.Join(os.TempDir(), "example.cast")
	defer os.Remove(path)
	w, err := recordings.Create(path, recordings.Header{Width: 80, Height: 24, Command: "bash"})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = w.Output(100*time.Millisecond, []byte("$ "))
	_ = w.Input(time.Second, []byte("exit\r"))
	_ = w.Exit(1100*time.Millisecond, 0)
	_ = w.Close()

	cast, err := recordings.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range cast.Events {
		fmt.Printf("%v %s %q\n", e.Time, e.Kind, e.Data)
	}
	code, _ := cast.ExitCode()
	fmt.Println("exit status", code)
	// Output:
	// 100ms o "$ "
	// 1s i "exit\r"
	// 1.1s m "exit 0"
	// exit status 0
}
