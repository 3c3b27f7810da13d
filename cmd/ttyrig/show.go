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
	if err := trace.WriteFile(*out, cast, trace.WithReplayOptions(recordings.WithRuntime(*runtime))); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(stdout, "wrote %s; open it in a browser: file://%s\n", *out, absPath(*out))
	return nil
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
