// Command lateredraw is an agent-like chat that draws its input box and,
// about 600 ms later, redraws the footer below it (token count, context
// use), as agents do when a late statistic arrives. It is ready for the
// next message once the footer is drawn. With -reader=thread (the
// default) a goroutine reads the terminal all the time, so the program is
// always in read() (as agents' readers are) and buffers what comes while
// it works; with -reader=blocking the main loop reads only after the
// footer, as a synchronous program does.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/ttyrig/ttyrig/corpus/tui/internal/truth"
)

func main() {
	reader := flag.String("reader", "thread", "thread or blocking")
	flag.Parse()
	old, err := term.MakeRaw(0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer term.Restore(0, old)
	out := bufio.NewWriter(os.Stdout)
	keys := make(chan byte, 256)
	in := bufio.NewReader(os.Stdin)
	if *reader == "thread" {
		go func() {
			for {
				b, err := in.ReadByte()
				if err != nil {
					close(keys)
					return
				}
				keys <- b
			}
		}()
	}
	next := func() (byte, bool) {
		if *reader == "thread" {
			b, ok := <-keys
			return b, ok
		}
		b, err := in.ReadByte()
		return b, err == nil
	}
	const box = "╭──────────────────────────────────────────────╮\r\n│ > \x1b[K\x1b[48G│\r\n╰──────────────────────────────────────────────╯\r\n"
	fmt.Fprint(out, "\x1b[2J\x1b[H  corpus agent · model local\r\n\r\n")
	turn := 0
	for {
		// The box, the footer's placeholder, and the cursor in the box.
		fmt.Fprint(out, "\x1b[J"+box+"  …\x1b[3A\r\x1b[4C")
		out.Flush()
		time.Sleep(600 * time.Millisecond) // the footer's statistic arrives late
		fmt.Fprintf(out, "\x1b7\x1b[3B\r\x1b[K  %d tokens · context %d%% · ? for help\x1b8", 1200+turn*340, 3+turn*2)
		out.Flush()
		truth.Log("ready", "main", "")
		var line []byte
		for {
			b, ok := next()
			if !ok {
				return
			}
			if b == '\r' {
				break
			}
			if b == 0x7f && len(line) > 0 {
				line = line[:len(line)-1]
				fmt.Fprint(out, "\b \b")
			} else if b >= ' ' {
				line = append(line, b)
				out.WriteByte(b)
			}
			out.Flush()
		}
		msg := string(line)
		truth.Log("busy", "", msg)
		if msg == "exit" {
			fmt.Fprint(out, "\x1b[3B\r\n")
			out.Flush()
			truth.Log("exit", "", "")
			return
		}
		turn++
		// The message moves above the box; the answer comes after silent
		// work shown by a fixed status line where the box was.
		fmt.Fprintf(out, "\x1b[1A\r\x1b[J> %s\r\n\r\n  Working…", msg)
		out.Flush()
		time.Sleep(1200 * time.Millisecond)
		fmt.Fprintf(out, "\r\x1b[K  answer %d: %s\r\n\r\n", turn, strings.ToUpper(msg))
	}
}
