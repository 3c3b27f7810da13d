package termtest

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ttyrig/ttyrig/screen"
)

// The want side of a golden mismatch's picture is drawn with the styles
// the golden file records (issue 23: it had none, so a difference of style
// alone looked identical): rebuilt from its golden text, a screen renders
// to the same text again, styles included.
func TestGoldenScreenKeepsStyles(t *testing.T) {
	for name, output := range map[string]string{
		"reverse and palette": "\x1b[7m> Blue \x1b[0m\r\n\x1b[38;5;240m  Green\x1b[0m  plain \x1b[1;31mred\x1b[0m",
		"blank bars":          "top\r\n\x1b[44m          \x1b[0m\r\nx \x1b[7m   \x1b[0m y \x1b[7m   \x1b[0m",
		"repeated text":       "ab ab \x1b[4mab\x1b[0m ab",
		"wide and truecolor":  "中文 \x1b[38;2;255;136;0m中\x1b[0m \x1b[3;9;93;101mbright\x1b[0m",
		"trailing blanks":     "\x1b[42mok   \x1b[0m\r\n\x1b[2mfaint\x1b[0m",
	} {
		t.Run(name, func(t *testing.T) {
			s := screen.New(30, 4)
			defer s.Close()
			s.WriteAt(time.Unix(0, 0), []byte(output))
			want := RenderGolden(s.Snapshot())
			rebuilt, err := goldenScreen(want)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, RenderGolden(rebuilt)); d != "" {
				t.Errorf("the screen rebuilt from the golden text renders differently (-golden +rebuilt):\n%s", d)
			}
		})
	}
}
