package termtest

import (
	"fmt"
	"strings"

	"github.com/ttyrig/ttyrig/screen"
)

// Describe explains the terminal's state for a failure message: the
// program and its status, then the session's report (the screen with the
// cursor marked, the last bytes received, the readiness timeline), and
// where the recording is.
func (t *Terminal) Describe() string {
	var b strings.Builder
	b.WriteString(t.describeState())
	if p := t.recordingNote(); p != "" {
		fmt.Fprintf(&b, "recording: %s\n", p)
	}
	if keep := t.cfg.keepOnFailure; keep != "" {
		svg, page := pictureFiles(keep)
		fmt.Fprintf(&b, "last screen as a picture: %s\ntrace page (open in a browser): %s (or: ttyrig show %s)\n", svg, page, keep)
	}
	return b.String()
}

// Fault returns an error if the emulator panicked on the program's output
// (screen.Screen.Fault): the screen was reset there, so what the test saw
// after it is not what a terminal would show. Spawn fails the test with it.
func (t *Terminal) Fault() error { return t.sess.Fault() }

// describeState is Describe without where the recording is: the program
// and its status, the session's report and the kernel's view.
func (t *Terminal) describeState() string {
	var b strings.Builder
	fmt.Fprintf(&b, "program: %s", strings.Join(t.argv, " "))
	if code, exited := t.sess.ExitCode(); exited {
		fmt.Fprintf(&b, " (exited with status %d)", code)
	} else {
		b.WriteString(" (running)")
	}
	b.WriteString("\n")
	b.WriteString(t.sess.Describe())
	b.WriteString(describeStyles(t.sess.Snapshot()))
	if k := t.kernelNote(); k != "" {
		fmt.Fprintf(&b, "kernel: %s\n", k) // kernel.go
	}
	return b.String()
}

// maxStyledRows bounds the styles a report lists: a screen of many
// coloured rows would bury the rest.
const maxStyledRows = 30

// maxStyledCells bounds the screen whose styles a report lists: reading
// every cell of a 500×300 screen takes 70 ms under -race, on the path of a
// wait's timeout.
const maxStyledCells = 200 * 60

// describeStyles lists the styled text of each row of snap, as a golden
// file writes it, for a failure report: the screen's text shows no styles,
// so a failure of Highlighted or HasStyle would show nothing amiss.
func describeStyles(snap screen.Snapshot) string {
	cols, rows := snap.Size()
	if cols*rows > maxStyledCells {
		return fmt.Sprintf("styles: not listed for a screen of more than %d cells\n", maxStyledCells)
	}
	var b strings.Builder
	listed := 0
	for r := 1; r <= rows; r++ {
		if !rowStyled(snap, r, cols) {
			continue // most rows: no string built for each cell
		}
		runs := styledRuns(snap, r, cols)
		if listed++; listed > maxStyledRows {
			b.WriteString("  … (more rows with styles)\n")
			break
		}
		fmt.Fprintf(&b, "  %3d:", r)
		for i, run := range runs {
			if i > 0 {
				b.WriteString(";")
			}
			text := strings.TrimRight(run.text, " ")
			if blanks := len(run.text) - len(text); text == "" {
				fmt.Fprintf(&b, " %d blank", blanks)
			} else if blanks > 0 {
				fmt.Fprintf(&b, " %q +%d blank", text, blanks)
			} else {
				fmt.Fprintf(&b, " %q", text)
			}
			fmt.Fprintf(&b, ": %s", run.style)
		}
		b.WriteString("\n")
	}
	if listed == 0 {
		return ""
	}
	return "styles (row: text: style):\n" + b.String()
}

// rowStyled reports whether any cell of row has a style.
func rowStyled(snap screen.Snapshot, row, cols int) bool {
	for c := 1; c <= cols; c++ {
		cell := snap.Cell(row, c)
		if cell.Fg != nil || cell.Bg != nil || cell.Bold || cell.Faint || cell.Italic || cell.Underline ||
			cell.Blink || cell.Reverse || cell.Strikethrough {
			return true
		}
	}
	return false
}
