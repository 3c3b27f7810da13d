package asciicast_test

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/asciicast"
)

// Record a short session as asciicast v3, then read it back. Times are
// durations since the start of the session; the file stores v3 times as
// intervals, and reading gives them back as times since the start.
func ExampleNewWriter() {
	var file strings.Builder
	w, err := asciicast.NewWriter(&file, asciicast.Header{Width: 80, Height: 24, Command: "sh"}, asciicast.WithVersion(3))
	if err != nil {
		fmt.Println(err)
		return
	}
	star := []byte("✳ done")
	_ = w.Output(100*time.Millisecond, []byte("$ "))
	_ = w.Input(time.Second, []byte("make\r"))
	_ = w.Output(1500*time.Millisecond, star[:2]) // a PTY read that ends inside "✳"
	_ = w.Output(1600*time.Millisecond, star[2:])
	_ = w.Exit(2*time.Second, 0)
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(file.String())

	cast, err := asciicast.Read(strings.NewReader(file.String()))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range cast.Events {
		fmt.Printf("%v %s %q\n", e.Time, e.Kind, e.Data)
	}
	// Output:
	// {"version":3,"term":{"cols":80,"rows":24},"command":"sh"}
	// [0.100000,"o","$ "]
	// [0.900000,"i","make\r"]
	// [0.600000,"o","✳ done"]
	// [0.400000,"x","0"]
	// 100ms o "$ "
	// 1s i "make\r"
	// 1.6s o "✳ done"
	// 2s x "0"
}

// Read a recording event by event, as a replay of a long session would.
func ExampleNewReader() {
	f, err := os.Open("testdata/asciinema-v2.cast")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	r, err := asciicast.NewReader(f)
	if err != nil {
		fmt.Println(err)
		return
	}
	h := r.Header()
	fmt.Printf("%dx%d %s %q\n", h.Width, h.Height, h.Term, h.Title)
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		if e.Kind == asciicast.Resize {
			fmt.Printf("line %d: resized to %dx%d at %v\n", e.Line, e.Cols, e.Rows, e.Time)
		}
	}
	// Output:
	// 80x24 xterm-256color "Demo"
	// line 6: resized to 80x24 at 4.05s
}
