// Command ttyrig records terminal sessions, replays them through the
// readiness engine, prints calibration tables, and runs the demo.
//
//	ttyrig record [-o file.cast] [--size WxH] -- cmd args...
//	ttyrig replay [--events] [--runtime NAME] [--at SECONDS] file.cast
//	ttyrig calibrate [--runtime NAME] [--json] files...
//	ttyrig demo
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

const usage = `ttyrig: end-to-end testing of terminal programs

usage:
  ttyrig record [-o file.cast] [--size WxH] -- cmd args...   run a program in your terminal and record it
  ttyrig replay [--events] [--runtime NAME] [--at SECONDS] file.cast
                                                             print the final screen, or the readiness transitions
  ttyrig calibrate [--runtime NAME] [--json] files...        print the calibration table of recordings
  ttyrig demo                                                drive a fixture agent and show what ttyrig sees

Run "ttyrig COMMAND --help" for a command's flags.
`

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run is the whole command, callable from tests. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "record":
		err = record(args[1:], stdin, stdout, stderr)
	case "replay":
		err = replay(args[1:], stdout, stderr)
	case "calibrate":
		err = calibrate(args[1:], stdout, stderr)
	case "demo":
		err = demo(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "ttyrig: unknown command %q (want record, replay, calibrate or demo)\n", args[0])
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	default:
		fmt.Fprintf(stderr, "ttyrig %s: %v\n", args[0], err)
		return 1
	}
}

// errUsage marks an error the flag package already explained.
var errUsage = errors.New("usage")

// newFlags makes a flag set that reports errors in one line on stderr.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ttyrig %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	return nil
}
