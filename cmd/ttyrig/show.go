package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ttyrig/ttyrig/asciicast"
	"github.com/ttyrig/ttyrig/recordings"
	"github.com/ttyrig/ttyrig/trace"
)

const showSynopsis = "[-o out.html] [--runtime NAME] file.cast"

// show writes a recording's trace page: one HTML file to open in a browser.
func show(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("show", showSynopsis, stdout, stderr)
	out := fs.String("o", "", "where to write the page (default: the recording's name with .html)")
	runtime := fs.String("runtime", "", "readiness profile: generic, claude, codex, gemini or a .json file (default: inferred from the recording's command)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fs.usageError("want exactly one recording file")
	}
	path := fs.Arg(0)
	if *out == "" {
		*out = strings.TrimSuffix(path, filepath.Ext(path)) + ".html"
	}
	cast, err := asciicast.ReadFile(path)
	if err != nil {
		return err
	}
	opts := []recordings.ReplayOption{recordings.WithRuntime(*runtime)}
	if page, n, size := firstPage(cast, pageEvents, pageBytes); page != cast {
		last := page.Events[len(page.Events)-1].Time
		fmt.Fprintf(stderr, "ttyrig show: %s has %d events (%.1f MB of output); the page shows the first %d, to +%.3fs "+
			"(a page holds at most %d events or %d MiB of output); `ttyrig replay --at SECONDS` prints the screen "+
			"at any time and `ttyrig replay --events` every decision\n",
			path, len(cast.Events), float64(size)/1e6, n, last.Seconds(), pageEvents, pageBytes>>20)
		// The replay stops at the last event shown: no decision is made on
		// a quiet that the rest of the recording breaks.
		cast, opts = page, append(opts, recordings.StopAt(last))
	}
	if err := trace.WriteFile(*out, cast, trace.WithReplayOptions(opts...)); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(stdout, "wrote %s; open it in a browser: file://%s\n", *out, absPath(*out))
	return nil
}

// pageEvents and pageBytes bound what one trace page holds. A page keeps
// the screen after every event, replayed twice (for the screens, and for
// the decisions with theirs), so its time and size grow with the events:
// a recording of 10⁶ events (35 MB) took minutes and a gigabyte, and its
// page would be more than a browser opens. A longer recording's page shows
// its first events, up to either bound (TestShowPagesALongRecording).
const (
	pageEvents = 10_000
	pageBytes  = 16 << 20
)

// firstPage returns the part of c one page shows (c itself when all of it
// fits): its first events, up to maxEvents or maxBytes of event data,
// whichever comes first, and never fewer than one; and how many events it
// holds, and the bytes of event data in all of c.
func firstPage(c *asciicast.Cast, maxEvents int, maxBytes int64) (page *asciicast.Cast, n int, size int64) {
	n = -1
	for i, e := range c.Events {
		size += int64(len(e.Data))
		if n < 0 && i > 0 && (i >= maxEvents || size > maxBytes) {
			n = i
		}
	}
	if n < 0 {
		return c, len(c.Events), size
	}
	cut := *c
	cut.Events = c.Events[:n:n]
	return &cut, n, size
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
