package ready

import (
	"strings"

	"github.com/ttyrig/ttyrig/kernel"
)

// A line read with echo off is a secret, whatever its prompt says: click's
// "Repeat for confirmation: " after "Password: " names no secret
// (corpus/testdata/click.cast). The kernel's view tells it, on a blocking
// read and on a reader found still alike: live, a look 1 ms after the
// prompt found python's read(tty) still, and the still loop's ready came
// without the password (docs/CORPUS.md, "Round 10: questions").

// secretLine returns the password prompt of a program reading a line with
// echo off at the answer line of fv; nil if it reads otherwise.
func secretLine(v kernel.View, fv *view) *Prompt {
	if v.Wait != kernel.Reading || !v.Canonical || v.Echo || fv == nil {
		return nil
	}
	return &Prompt{Kind: PromptPassword, Text: strings.TrimSpace(fv.before), Default: -1}
}
