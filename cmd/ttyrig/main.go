// Command ttyrig records terminal sessions, replays them through the
// readiness engine, shows them as a trace page, prints calibration tables,
// and runs the demo.
//
//	ttyrig record [-o file.cast] [--size WxH] -- cmd args...
//	ttyrig replay [--events] [--runtime NAME] [--at SECONDS] [--screen plain|decorated|svg|html] file.cast
//	ttyrig show [-o out.html] file.cast
//	ttyrig calibrate [--runtime NAME] [--json] files...
//	ttyrig codegen [-o x_test.go] [--name TestX] file.cast
//	ttyrig calibrate --learn [-o NAME.json] [--compare NAME] marked.cast...
//	ttyrig mark file.cast --at SECONDS LABEL
//	ttyrig demo
//
// Help goes to stdout with exit status 0 ("ttyrig help replay", "ttyrig
// replay --help"); errors go to stderr with status 1, usage errors with 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// command is one subcommand: its synopsis and what it does, for help.
type command struct {
	name, synopsis, summary string
	run                     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = []command{
	{"record", recordSynopsis, "run a program in your terminal and record it (Ctrl-] r marks ready, Ctrl-] b busy)",
		record},
	{"replay", replaySynopsis, "print the screen at the end (or at a time), or the readiness decisions",
		func(a []string, _ io.Reader, o, e io.Writer) error { return replay(a, o, e) }},
	{"show", showSynopsis, "write a recording's trace page: one HTML file to scrub through in a browser",
		func(a []string, _ io.Reader, o, e io.Writer) error { return show(a, o, e) }},
	{"calibrate", calibrateSynopsis, "print the calibration table of recordings with ready/busy markers",
		func(a []string, _ io.Reader, o, e io.Writer) error { return calibrate(a, o, e) }},
	{"codegen", codegenSynopsis, "write a Go test from a recording: its argv, each input as an action, the last screen as a golden",
		func(a []string, _ io.Reader, o, e io.Writer) error { return codegen(a, o, e) }},
	{"mark", markSynopsis, "add markers (ready, busy, question) to a recording after the fact, for calibrate",
		func(a []string, _ io.Reader, o, e io.Writer) error { return mark(a, o, e) }},
	{"demo", demoSynopsis, "drive a fixture agent and show what ttyrig sees",
		func(a []string, _ io.Reader, o, e io.Writer) error { return demo(a, o, e) }},
}

// summaries are the commands' summaries by name, for their --help (filled
// by init: commands refers to the functions that print help).
var summaries = map[string]string{}

func init() {
	for _, c := range commands {
		summaries[c.name] = c.summary
	}
}

func usage() string {
	var b strings.Builder
	b.WriteString("ttyrig: end-to-end testing of terminal programs\n\nusage:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  ttyrig %s %s\n      %s\n", c.name, c.synopsis, c.summary)
	}
	b.WriteString("  ttyrig help COMMAND\n      a command's flags\n  ttyrig --version\n")
	return b.String()
}

func main() {
	tuneCollector()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command, callable from tests. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help", "-help":
		if len(args) > 1 && name == "help" {
			return run([]string{args[1], "--help"}, stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, usage())
		return 0
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, version())
		return 0
	}
	var cmd *command
	for i := range commands {
		if commands[i].name == name {
			cmd = &commands[i]
		}
	}
	if cmd == nil {
		names := make([]string, len(commands))
		for i, c := range commands {
			names[i] = c.name
		}
		fmt.Fprintf(stderr, "ttyrig: unknown command %q (want %s; see ttyrig help)\n", name, strings.Join(names, ", "))
		return 2
	}
	err := cmd.run(args[1:], stdin, stdout, stderr)
	var status exitStatus
	switch {
	case errors.As(err, &status): // the recorded program's own, already reported
		return int(status)
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	default:
		fmt.Fprintf(stderr, "ttyrig %s: %v\n", name, err)
		return 1
	}
}

// version is the module's version and, for a build from a checkout, its
// commit.
func version() string {
	v, rev, dirty := "(devel)", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	out := "ttyrig " + v
	if rev != "" {
		out += " " + rev[:min(len(rev), 12)]
		if dirty {
			out += "+dirty"
		}
	}
	return out
}

// errUsage marks an error already explained on stderr.
var errUsage = errors.New("usage")

// flagSet is a command's flags: help on stdout, errors on stderr.
type flagSet struct {
	*flag.FlagSet
	synopsis       string
	stdout, stderr io.Writer
}

func newFlags(name, synopsis string, stdout, stderr io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // parse says it, on the right stream
	return &flagSet{FlagSet: fs, synopsis: synopsis, stdout: stdout, stderr: stderr}
}

func (fs *flagSet) usageLine() string { return "usage: ttyrig " + fs.Name() + " " + fs.synopsis }

// parse parses args; --help prints the command's usage and flags on stdout
// and returns flag.ErrHelp, a bad flag prints one line and the usage line
// on stderr and returns errUsage.
func (fs *flagSet) parse(args []string) error {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintln(fs.stdout, fs.usageLine())
		if s := summaries[fs.Name()]; s != "" {
			fmt.Fprintf(fs.stdout, "\n%s\n\nflags:\n", s)
		}
		fs.SetOutput(fs.stdout)
		fs.PrintDefaults()
		fs.SetOutput(fs.stderr)
		return err
	default:
		fmt.Fprintf(fs.stderr, "%s\nrun \"ttyrig help %s\" for the flags\n", fs.usageLine(), fs.Name())
		return errUsage
	}
}

// usageError says what is wrong with the arguments on stderr and returns
// errUsage.
func (fs *flagSet) usageError(format string, args ...any) error {
	fmt.Fprintf(fs.stderr, "ttyrig %s: %s\n%s\n", fs.Name(), fmt.Sprintf(format, args...), fs.usageLine())
	return errUsage
}
