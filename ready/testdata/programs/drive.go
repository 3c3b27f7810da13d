// drive runs a program in a termtest terminal with a recording, sends keys
// on a fixed schedule (never waiting on the engine: its decisions are what
// is being tested), and adds the program's own ground truth as markers:
// each line "<unix nanos> ready|busy" the program wrote to $LOG.
//
//	drive -o x.cast -size 60x8 -steps '2.5s:hello,0.3s:\r,2.5s:' -- cmd args
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ttyrig/ttyrig/termtest"
)

func main() {
	out := flag.String("o", "out.cast", "recording")
	size := flag.String("size", "60x10", "COLSxROWS")
	steps := flag.String("steps", "", "comma-separated DELAY:KEYS (Go escapes in KEYS)")
	busyOnEnter := flag.Bool("busy-on-enter", true, "add a busy marker when a step sends Enter")
	flag.Parse()
	var cols, rows int
	fmt.Sscanf(strings.Replace(*size, "x", " ", 1), "%d %d", &cols, &rows)
	logPath := filepath.Join(os.TempDir(), fmt.Sprintf("drive-%d.log", os.Getpid()))
	os.Remove(logPath)
	term, err := termtest.Start(context.Background(), flag.Args(),
		termtest.WithRecording(*out), termtest.WithSize(cols, rows),
		termtest.WithEnv("LOG="+logPath), termtest.WithTimeout(30*time.Second))
	if err != nil {
		log.Fatal(err)
	}
	for _, st := range strings.Split(*steps, ",") {
		d, keys, _ := strings.Cut(st, ":")
		dur, err := time.ParseDuration(d)
		if err != nil {
			log.Fatalf("step %q: %v", st, err)
		}
		time.Sleep(dur)
		if keys == "" {
			continue
		}
		k, err := strconv.Unquote(`"` + keys + `"`)
		if err != nil {
			log.Fatalf("step %q: %v", st, err)
		}
		if *busyOnEnter && strings.Contains(k, "\r") {
			_ = term.Marker(time.Now(), "busy")
		}
		if err := term.NoWait().TypeContext(context.Background(), k); err != nil {
			log.Fatal(err)
		}
	}
	for _, tr := range term.Timeline() {
		fmt.Printf("  +%7.3fs %-8s %-9s %s\n", tr.Time.Sub(term.Started()).Seconds(), tr.State, tr.Signal, tr.Reason)
	}
	start := term.Started()
	if err := term.Close(); err != nil {
		log.Print(err)
	}
	// The program's own truth, merged into the recording in time order.
	var marks []event
	if f, err := os.Open(logPath); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			ns, label, _ := strings.Cut(sc.Text(), " ")
			n, _ := strconv.ParseInt(ns, 10, 64)
			if label == "ready" || label == "busy" {
				t := time.Unix(0, n).Sub(start).Seconds()
				marks = append(marks, event{t, fmt.Sprintf("[%.6f, \"m\", %q]", t, label)})
			}
		}
		f.Close()
	}
	data, err := os.ReadFile(*out)
	if err != nil {
		log.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	var evs []event
	for _, l := range lines[1:] {
		var t float64
		fmt.Sscanf(strings.TrimPrefix(l, "["), "%g", &t)
		evs = append(evs, event{t, l})
	}
	evs = append(evs, marks...)
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].t < evs[j].t })
	var b strings.Builder
	b.WriteString(lines[0] + "\n")
	for _, e := range evs {
		b.WriteString(e.line + "\n")
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

type event struct {
	t    float64
	line string
}
