package termtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// deadlineTB is a test whose deadline is given, with its log kept.
type deadlineTB struct {
	*testing.T
	end  time.Time
	logs []string
}

func (d *deadlineTB) Deadline() (time.Time, bool) { return d.end, true }
func (d *deadlineTB) Log(args ...any)             { d.logs = append(d.logs, fmt.Sprint(args...)) }
func (d *deadlineTB) Logf(format string, args ...any) {
	d.logs = append(d.logs, fmt.Sprintf(format, args...))
}

// A failed session is drawn while there is time before go test's -timeout,
// and not started when what is left is the reserve for the test's report
// (a failed test's cleanup ran into the timeout's panic drawing 200 kB of
// typed input, and the report was lost).
func TestKeepPicturesBoundedByTheDeadline(t *testing.T) {
	for _, c := range []struct {
		name  string
		left  time.Duration
		drawn bool
	}{
		{"time left", time.Minute, true},
		{"deadline near", drawReserve / 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cast := filepath.Join(t.TempDir(), "kept.cast")
			if err := os.WriteFile(cast, []byte("{\"version\":2,\"width\":10,\"height\":2}\n[0.1,\"o\",\"hi\"]\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			tb := &deadlineTB{T: t, end: time.Now().Add(c.left)}
			keepPictures(tb, cast)
			svg, page := pictureFiles(cast)
			for _, p := range []string{svg, page} {
				if _, err := os.Stat(p); (err == nil) != c.drawn {
					t.Errorf("%s: drawn = %v, want %v", p, err == nil, c.drawn)
				}
			}
			log := strings.Join(tb.logs, "\n")
			want := "its last screen: " + svg
			if !c.drawn {
				want = "not drawn: " + errTestDeadline.Error() + " (draw it: ttyrig show " + cast + ")"
			}
			if !strings.Contains(log, want) {
				t.Errorf("the log lacks %q:\n%s", want, log)
			}
		})
	}
}
