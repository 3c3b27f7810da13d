package screen_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"

	"github.com/ttyrig/ttyrig/fixtures/streams"
	"github.com/ttyrig/ttyrig/screen"
)

func chunks(p []byte, size int) [][]byte {
	var out [][]byte
	for len(p) > size {
		out = append(out, p[:size])
		p = p[size:]
	}
	return append(out, p)
}

// BenchmarkThroughput feeds the same stream to a raw vt.Emulator and to a
// screen.Screen, taking a Snapshot after each chunk as termtest's read loop
// does, in chunks of two sizes:
//
//   - batch (16 KiB): smaller than what termtest's read loop hands on when
//     a program floods output. It takes everything the PTY holds, 64 KiB
//     at first and up to 256 KiB once the program outruns the screen, so
//     the screen is rebuilt once per batch; BenchmarkFlood in termtest
//     measures the live batches. The 10% overhead target applies here.
//   - read (4 KiB): one PTY read and a snapshot after each, the most a
//     program can make the screen work per byte. Reported, not a target.
//
// vt and screen take turns chunk by chunk, so a busy machine slows both
// alike, and the reported overhead is the median of the iterations' ratios.
func BenchmarkThroughput(b *testing.B) {
	const cols, rows = 100, 30
	for _, st := range []struct {
		name string
		data []byte
	}{
		{"mixed", streams.Mixed(cols, rows)},
		{"repaint", streams.Repaint(cols, rows)},
	} {
		b.Run(st.name+"/batch", func(b *testing.B) { benchThroughput(b, cols, rows, chunks(st.data, 16<<10)) })
		b.Run(st.name+"/read", func(b *testing.B) { benchThroughput(b, cols, rows, chunks(st.data, 4<<10)) })
	}
}

func benchThroughput(b *testing.B, cols, rows int, parts [][]byte) {
	var size int
	for _, p := range parts {
		size += len(p)
	}
	var vtTotal, scrTotal time.Duration
	ratios := make([]float64, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		emu := vt.NewEmulator(cols, rows)
		s := screen.New(cols, rows)
		var vtTime, scrTime time.Duration
		for i, p := range parts {
			t0 := time.Now()
			if i%2 == 0 { // alternate which goes first
				_, _ = emu.Write(p)
			} else {
				s.WriteAt(t0, p)
				_ = s.Snapshot()
			}
			t1 := time.Now()
			if i%2 == 0 {
				s.WriteAt(t1, p)
				_ = s.Snapshot()
			} else {
				_, _ = emu.Write(p)
			}
			t2 := time.Now()
			if i%2 == 0 {
				vtTime += t1.Sub(t0)
				scrTime += t2.Sub(t1)
			} else {
				scrTime += t1.Sub(t0)
				vtTime += t2.Sub(t1)
			}
		}
		s.Close()
		vtTotal += vtTime
		scrTotal += scrTime
		ratios = append(ratios, scrTime.Seconds()/vtTime.Seconds())
	}
	b.StopTimer()
	slices.Sort(ratios)
	mb := float64(size) * float64(b.N) / 1e6
	b.ReportMetric(mb/vtTotal.Seconds(), "vt-MB/s")
	b.ReportMetric(mb/scrTotal.Seconds(), "screen-MB/s")
	b.ReportMetric(100*(ratios[len(ratios)/2]-1), "overhead-%")
}

// The streams must be what they claim: they draw, repaint and scroll.
func TestBenchStreamsDraw(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		data []byte
		want []string
	}{
		"mixed":   {streams.Mixed(100, 30), []string{"Thinking…", "╭───", "│ > type here", "日本語のテキスト", "✔ step"}},
		"repaint": {streams.Repaint(100, 30), []string{"⏺ Read src/file", "Cogitating… (", "│ >", "? for shortcuts"}},
	} {
		s := screen.New(100, 30)
		for _, p := range chunks(tc.data, 4096) {
			s.WriteAt(time.Now(), p)
		}
		snap := s.Snapshot()
		s.Close()
		for _, want := range tc.want {
			if !strings.Contains(snap.Text(), want) {
				t.Errorf("%s: final screen lacks %q:\n%s", name, want, snap)
			}
		}
	}
}

// BenchmarkNewAfterCollection is a screen's start and end as a test suite
// has it: a collection between two tests (outside the clock), then New
// and Close. x/vt's constructor allocates and zeroes a 4 MiB parser
// buffer, which the screens of closed terminals spare the next one; a
// sync.Pool alone loses them at every collection.
func BenchmarkNewAfterCollection(b *testing.B) {
	warm := screen.New(100, 30)
	warm.Close()
	var took time.Duration
	for range b.N {
		runtime.GC()
		t0 := time.Now()
		s := screen.New(100, 30)
		s.Close()
		took += time.Since(t0)
	}
	b.ReportMetric(float64(took.Microseconds())/float64(b.N), "µs/new+close")
	b.ReportMetric(0, "ns/op")
}
